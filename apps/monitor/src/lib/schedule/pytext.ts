// Python's notion of whitespace, which decides how Healthchecks tokenises schedules: `str.split()`
// and `str.strip()` treat these characters as blanks. JavaScript's `\s` differs (it includes
// U+FEFF and lacks U+001C–U+001F and U+0085), so the set is spelled out.
const BLANKS = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const RUN = new RegExp(`[${BLANKS}]+`);
const EDGES = new RegExp(`^[${BLANKS}]+|[${BLANKS}]+$`, "g");
const LAST_RUN = new RegExp(`^(.*?)[${BLANKS}]+([^${BLANKS}]+)$`, "s");

/** `s.split()`: the non-blank runs of `s`. */
export function pySplit(s: string): string[] {
  const parts = s.split(RUN);
  if (parts.length > 0 && parts[0] === "") parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** `s.strip()`. */
export function pyStrip(s: string): string {
  return s.replace(EDGES, "");
}

/** `s.rsplit(maxsplit=1)` for a stripped string: [everything before the last blank run, last word]. */
export function pySplitLastWord(s: string): [string, string] | null {
  const match = LAST_RUN.exec(s);
  return match === null ? null : [match[1], match[2]];
}
