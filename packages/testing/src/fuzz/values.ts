// Hostile values: what a careless or malicious client sends where a server expects a string,
// an id, a JSON document or a header.
import fc from "fast-check";

/** Strings that have broken parsers, drivers and databases before. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\ud800",
  "\udfff\ud800",
  "\u202e",
  "\ufeff",
  "💥",
  "e\u0301",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-0",
  "[]",
  "{}",
  '{"":null}',
  "[null]",
  '"',
  "'",
  "\\",
  "'; DROP TABLE x; --",
  "%s%n%x",
  "${x}",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "\r\n",
  "\t",
  "x".repeat(300),
  "é".repeat(200),
  "y".repeat(70_000),
];

/** Integers around every width a driver or database might store them in. */
export const NASTY_IDS: readonly string[] = [
  "0",
  "1",
  "-1",
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740991",
  "9007199254740993",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "1" + "0".repeat(40),
  "1e3",
  "1.5",
  "1.0",
  "0x10",
  "010",
  "+1",
  " 1",
  "1 ",
  "١",
  "1\u0000",
];

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Any string, lone surrogates and control characters included. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);

export const hostileId: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_IDS) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** A JSON document that holds hostile ids and strings where a server expects numbers and names. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  hostileId.map((id) => `[${id}]`),
  fc.array(fc.oneof(hostileId, hostileString.map((s) => JSON.stringify(s))), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
  fc.dictionary(fc.constantFrom("operator", "operand", "negated", "name", "id", "new", "add", "delete", "old", "direct"), fc.oneof(hostileString, hostileId.map(Number)), { maxKeys: 3 }).map((o) => JSON.stringify([o])),
  fc.nat({ max: 3000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  hostileString.map((s) => JSON.stringify(s)),
  fc.constantFrom("1e400", "-1e400", "[1e400]", "{", "[", '{"a":', "\u0000[]", "[1,]"),
);

/** A valid sample when the test gave some, otherwise a small integer (most parameters are ids or flags). */
export function plausibleValue(samples: readonly string[]): fc.Arbitrary<string> {
  return samples.length ? fc.constantFrom(...samples) : fc.constantFrom("1", "true", "x");
}

/** A valid value spoiled: NUL inside, a huge or negative id instead, junk around it, or something else entirely. */
export function hostileVariant(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(`${valid}\u0000`, `\u0000${valid}`, `${valid.slice(0, 1)}\u0000${valid.slice(1)}`) },
    { weight: 1, arbitrary: fc.constantFrom(valid.repeat(300), ` ${valid} `, `${valid}\ud800`) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_STRINGS).map((junk) => `${valid}${junk}`) },
    { weight: 1, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileId },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: jsonWithin(valid) },
  );
}

/** Hostile values inside a JSON value: in a list, or in place of a string in an object. */
function jsonWithin(valid: string): fc.Arbitrary<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(valid);
  } catch {
    return hostileString.map((s) => JSON.stringify([s]));
  }
  const nasty = fc.oneof(hostileString, hostileId.map((id) => Number(id)), fc.constant(null), fc.constant({}), fc.constant([]));
  if (Array.isArray(parsed)) return nasty.map((v) => JSON.stringify([...parsed, v]));
  if (parsed && typeof parsed === "object") {
    const keys = Object.keys(parsed);
    if (!keys.length) return nasty.map((v) => JSON.stringify({ x: v }));
    return fc.tuple(fc.constantFrom(...keys), nasty).map(([k, v]) => JSON.stringify({ ...parsed, [k]: v }));
  }
  return nasty.map((v) => JSON.stringify(v));
}

/** A value for a path segment: a valid sample most of the time, otherwise something hostile. */
export function parameterValue(samples: readonly string[]): fc.Arbitrary<string> {
  const hostile = fc.oneof(hostileString, hostileId, hostileJson);
  if (samples.length === 0) return hostile;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...samples) }, { weight: 2, arbitrary: fc.constantFrom(...samples).chain(hostileVariant) });
}

/** Header values as HTTP can carry them: Latin-1 without CR, LF or NUL. */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", "x".repeat(8000), "\u00ff\u00fe", "=?utf-8?q?=00?=", "a, b", ";", "\t"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
);

/** Percent-encodes every byte but the unreserved ones, whatever the string (lone surrogates become U+FFFD). */
export function percentEncode(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Path or query text that is not valid percent-encoding, or decodes to something odd. */
export const brokenEncoding: fc.Arbitrary<string> = fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%80", "%FF%FE", "%ED%A0%80", "%00", "%2F..%2F", "%25", "%u0041", "a%20%20b");
