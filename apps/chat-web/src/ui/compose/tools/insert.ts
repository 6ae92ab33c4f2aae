// Where an upload's words go in the message (no DOM here: unit-tested under node).

/** Square brackets would end a Markdown link's text early. */
export const linkText = (name: string) => name.replace(/[[\]]/g, "");
export const placeholderFor = (name: string) => `[Uploading ${linkText(name)}…]`;

/** Puts `text` at the caret (or the end), on its own words: a space before it unless at a line start. */
export function insertAt(content: string, caret: number, text: string): { content: string; caret: number } {
  const before = content.slice(0, caret);
  const pad = before && !/\s$/.test(before) ? " " : "";
  const head = `${before}${pad}${text} `;
  return { content: head + content.slice(caret), caret: head.length };
}
