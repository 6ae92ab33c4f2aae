// A JSON parser that behaves like Python's json.loads where the upstream's validation
// depends on it: a number written with a fraction or exponent (`3600.0`, `1e3`) stays a
// float and is told apart from an integer, integers beyond 2^53 keep their value as a
// bigint, and NaN / Infinity / -Infinity are accepted. Anything else malformed throws.

export class PyFloat {
  constructor(readonly value: number) {}
  toString(): string {
    if (Number.isNaN(this.value)) return "nan";
    if (!Number.isFinite(this.value)) return this.value > 0 ? "inf" : "-inf";
    return Number.isInteger(this.value) && Math.abs(this.value) < 1e16 ? this.value.toFixed(1) : String(this.value);
  }
}

export type PyJson = null | boolean | number | bigint | string | PyFloat | PyJson[] | { [key: string]: PyJson };

export class PyJsonError extends Error {}

const WS = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

export function parsePyJson(text: string): PyJson {
  let i = 0;
  const fail = (): never => {
    throw new PyJsonError(`invalid JSON at offset ${i}`);
  };
  const skip = () => {
    while (i < text.length && WS.has(text[i])) i++;
  };
  const literal = (word: string, value: PyJson): PyJson => {
    if (text.startsWith(word, i)) {
      i += word.length;
      return value;
    }
    return fail();
  };

  function string(): string {
    i++; // opening quote
    let out = "";
    for (;;) {
      const ch = text[i];
      if (ch === undefined) return fail();
      if (ch === '"') {
        i++;
        return out;
      }
      if (ch < " ") return fail();
      if (ch !== "\\") {
        out += ch;
        i++;
        continue;
      }
      const esc = text[i + 1];
      if (esc === "u") {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) return fail();
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else if (esc !== undefined && esc in ESCAPES) {
        out += ESCAPES[esc];
        i += 2;
      } else return fail();
    }
  }

  function number(): PyJson {
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) return fail();
    i += match[0].length;
    if (match[1] !== undefined || match[2] !== undefined) return new PyFloat(Number(match[0]));
    const asNumber = Number(match[0]);
    return Number.isSafeInteger(asNumber) ? asNumber : BigInt(match[0]);
  }

  function value(): PyJson {
    skip();
    const ch = text[i];
    switch (ch) {
      case "{": {
        i++;
        const obj: Record<string, PyJson> = {};
        skip();
        if (text[i] === "}") {
          i++;
          return obj;
        }
        for (;;) {
          skip();
          if (text[i] !== '"') return fail();
          const key = string();
          skip();
          if (text[i] !== ":") return fail();
          i++;
          Object.defineProperty(obj, key, { value: value(), enumerable: true, writable: true, configurable: true });
          skip();
          if (text[i] === ",") i++;
          else if (text[i] === "}") {
            i++;
            return obj;
          } else return fail();
        }
      }
      case "[": {
        i++;
        const arr: PyJson[] = [];
        skip();
        if (text[i] === "]") {
          i++;
          return arr;
        }
        for (;;) {
          arr.push(value());
          skip();
          if (text[i] === ",") i++;
          else if (text[i] === "]") {
            i++;
            return arr;
          } else return fail();
        }
      }
      case '"':
        return string();
      case "t":
        return literal("true", true);
      case "f":
        return literal("false", false);
      case "n":
        return literal("null", null);
      case "N":
        return literal("NaN", new PyFloat(NaN));
      case "I":
        return literal("Infinity", new PyFloat(Infinity));
      case "-":
        if (text.startsWith("-Infinity", i)) return literal("-Infinity", new PyFloat(-Infinity));
        return number();
      default:
        return ch !== undefined && ch >= "0" && ch <= "9" ? number() : fail();
    }
  }

  const result = value();
  skip();
  if (i !== text.length) fail();
  return result;
}

export function isPyObject(value: PyJson): value is { [key: string]: PyJson } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof PyFloat);
}

/** Python's str() of a parsed value, as the upstream applies it to `api_key`. */
export function pyStr(value: PyJson): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || value instanceof PyFloat) return value.toString();
  return JSON.stringify(value);
}
