// compat: Django's slugify, which v1 and v2 of the API apply to a new check name:
// fold to ASCII, lowercase, keep word characters, spaces and hyphens, collapse runs of
// spaces and hyphens into one hyphen, then trim hyphens and underscores at both ends.
export function slugify(value: string): string {
  const ascii = value.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
  return ascii
    .toLowerCase()
    .replace(/[^\w\s-]/g, "")
    .replace(/[-\s]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}
