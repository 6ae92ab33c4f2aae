// The ping body pattern (docs/monitor-extensions.md): a success ping whose body matches it
// counts as a failure. JavaScript's regular expressions backtrack, so a pattern's cost on a
// hostile body can grow as a power of the body's length; two bounds keep every evaluation
// small. On save, a pattern is refused unless the work per starting position is bounded by a
// small constant (no nested or alternated repetition, no back-references or look-arounds, and
// the product of its repetition bounds, an unbounded one counting as a whole line, under
// MAX_WEIGHT). On a ping, only the first BODY_LIMIT bytes are read, line by line, each line cut
// at LINE_LIMIT characters: the worst case is then BODY_LIMIT × MAX_WEIGHT steps.

export const MAX_PATTERN_LENGTH = 200;
export const BODY_LIMIT = 8 * 1024;
export const LINE_LIMIT = 256;
const MAX_WEIGHT = 4 * LINE_LIMIT;

/** Why a pattern is refused, or null when it is accepted. */
export function bodyRegexProblem(pattern: string): string | null {
  if ([...pattern].length > MAX_PATTERN_LENGTH) return "is too long";
  try {
    new RegExp(pattern);
  } catch {
    return "is not a valid regular expression";
  }
  if (/\\[1-9]|\\k</.test(pattern)) return "must not use back-references";
  if (/\(\?<?[=!]/.test(pattern)) return "must not use look-ahead or look-behind";
  const weight = repetitionWeight(pattern);
  if (weight === "nested") return "must not repeat a group that itself repeats or alternates";
  if (weight > MAX_WEIGHT) return "repeats too much (one unbounded repetition at most, with a few optional parts)";
  return null;
}

/**
 * The product of the pattern's repetition bounds ("?" counts 2, "{n,m}" m + 1, "*", "+" and
 * "{n,}" a whole line), or "nested" when a repeated group repeats or alternates inside.
 */
function repetitionWeight(pattern: string): number | "nested" {
  let weight = 1;
  // Per open group: whether it holds a quantifier or an alternation.
  const groups: boolean[] = [];
  let lastWasGroup = false;
  let lastGroupComplex = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      i++;
      lastWasGroup = false;
      continue;
    }
    if (ch === "[") {
      // A character class is one atom: skip to its closing bracket.
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
      lastWasGroup = false;
      continue;
    }
    if (ch === "(") {
      // "(?:" and "(?<name>" open groups too (look-arounds were refused before).
      if (pattern[i + 1] === "?") i = pattern[i + 2] === "<" ? pattern.indexOf(">", i) : i + 2;
      groups.push(false);
      lastWasGroup = false;
      continue;
    }
    if (ch === ")") {
      lastGroupComplex = groups.pop() ?? false;
      lastWasGroup = true;
      continue;
    }
    if (ch === "|") {
      if (groups.length > 0) groups[groups.length - 1] = true;
      lastWasGroup = false;
      continue;
    }
    const bound = quantifierBound(pattern, i);
    if (bound === null) {
      lastWasGroup = false;
      continue;
    }
    if (lastWasGroup && lastGroupComplex) return "nested";
    for (let g = 0; g < groups.length; g++) groups[g] = true;
    weight *= bound.weight;
    i = bound.end;
    if (pattern[i + 1] === "?") i++; // lazy: the same work
    lastWasGroup = false;
  }
  return weight;
}

function quantifierBound(pattern: string, i: number): { weight: number; end: number } | null {
  const ch = pattern[i];
  if (ch === "*" || ch === "+") return { weight: LINE_LIMIT, end: i };
  if (ch === "?") return { weight: 2, end: i };
  if (ch !== "{") return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!m) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3]);
  return { weight: Math.min(max + 1, LINE_LIMIT), end: i + m[0].length - 1 };
}

const utf8 = new TextDecoder("utf-8");

/** A saved pattern (already validated), compiled; null for none. Done once per check as read, not per ping. */
export function compileBodyRegex(pattern: string): RegExp | null {
  return pattern === "" ? null : new RegExp(pattern);
}

/** Whether a line of the body's first BODY_LIMIT bytes matches the check's compiled pattern. */
export function bodyMatches(regex: RegExp, body: Buffer | null): boolean {
  if (body === null || body.length === 0) return false;
  const text = utf8.decode(body.length > BODY_LIMIT ? body.subarray(0, BODY_LIMIT) : body);
  for (const line of text.split("\n")) {
    for (let at = 0; at < Math.max(line.length, 1); at += LINE_LIMIT) {
      if (regex.test(line.slice(at, at + LINE_LIMIT))) return true;
    }
  }
  return false;
}
