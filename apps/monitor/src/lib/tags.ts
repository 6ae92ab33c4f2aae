/** A check's tags: space separated, empty entries dropped. */
export function tagsList(tags: string): string[] {
  return tags.split(" ").map((t) => t.trim()).filter((t) => t !== "");
}
