// A compact Python lexer emitting Pygments' token classes for everyday code.
import type { Token } from "./token.js";

const KEYWORDS = new Set([
  "assert", "async", "await", "break", "continue", "del", "elif", "else", "except", "finally", "for",
  "global", "if", "lambda", "pass", "raise", "nonlocal", "return", "try", "while", "yield", "as", "with",
  "def", "class",
]);
const CONSTANTS = new Set(["True", "False", "None"]);
const WORD_OPERATORS = new Set(["in", "is", "and", "or", "not"]);
const BUILTINS = new Set([
  "__import__", "abs", "aiter", "all", "any", "bin", "bool", "bytearray", "breakpoint", "bytes", "callable",
  "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod", "enumerate", "eval",
  "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr", "hash", "hex", "id", "input",
  "int", "isinstance", "issubclass", "iter", "len", "list", "locals", "map", "max", "memoryview", "min",
  "next", "object", "oct", "open", "ord", "pow", "print", "property", "range", "repr", "reversed", "round",
  "set", "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip",
]);
const PSEUDO = new Set(["self", "Ellipsis", "NotImplemented", "cls"]);
const EXCEPTIONS = /^(?:[A-Z]\w*(?:Error|Exception|Warning)|KeyboardInterrupt|StopIteration|SystemExit|GeneratorExit)$/;

const RULES: [RegExp, string | ((m: RegExpExecArray) => Token[])][] = [
  [/\n/y, ""],
  [/[^\S\n]+/y, ""],
  [/#.*/y, "c1"],
  [/([rRuUbBfF]{0,2})("""[\s\S]*?"""|'''[\s\S]*?''')/y, (m) => [["sa", m[1]], [docPosition(m) ? "sd" : "s2", m[2]]]],
  [/([rRuUbBfF]{0,2})("(?:[^"\\\n]|\\.)*"?)/y, (m) => stringTokens(m[1], m[2], "s2")],
  [/([rRuUbBfF]{0,2})('(?:[^'\\\n]|\\.)*'?)/y, (m) => stringTokens(m[1], m[2], "s1")],
  [/0[xX][0-9a-fA-F_]+/y, "mh"],
  [/0[bB][01_]+/y, "mb"],
  [/0[oO][0-7_]+/y, "mo"],
  [/(?:\d[\d_]*\.\d*|\.\d+)(?:[eE][+-]?\d+)?j?|\d[\d_]*[eE][+-]?\d+j?/y, "mf"],
  [/\d[\d_]*j?/y, "mi"],
  [/@[\p{L}_][\p{L}\p{N}_.]*/uy, "nd"],
  [/!=|==|<<|>>|:=|[-~+/*%=<>&^|.]/y, "o"],
  [/[\]{}:(),;[]/y, "p"],
  [/\\\n?/y, ""],
];

/** A triple-quoted string that starts its line is a docstring (String.Doc). */
function docPosition(m: RegExpExecArray): boolean {
  const lineStart = m.input.lastIndexOf("\n", m.index - 1) + 1;
  return m.input.slice(lineStart, m.index).trim() === "";
}

function stringTokens(prefix: string, body: string, cls: string): Token[] {
  const out: Token[] = [];
  if (prefix) out.push(["sa", prefix]);
  if (/r/i.test(prefix)) {
    out.push([cls, body]);
    return out;
  }
  let last = 0;
  for (const m of body.matchAll(/\\(?:[\\'"abfnrtv0]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|N\{[^}]*\}|\n)/g)) {
    if (m.index > last) out.push([cls, body.slice(last, m.index)]);
    out.push(["se", m[0]]);
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push([cls, body.slice(last)]);
  return out;
}

const NAME_RE = /[\p{L}_][\p{L}\p{N}_]*/uy;

export function lexPython(src: string, python2: boolean): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let expectName: string | null = null;
  if (src.startsWith("#!")) {
    const end = src.indexOf("\n");
    tokens.push(["ch", src.slice(0, end)]);
    pos = end;
  }
  outer: while (pos < src.length) {
    NAME_RE.lastIndex = pos;
    const nm = NAME_RE.exec(src);
    if (nm) {
      const word = nm[0];
      let cls: string;
      if (expectName) {
        cls = expectName === "def" ? (/^__\w+__$/.test(word) ? "fm" : "nf") : expectName === "class" ? "nc" : "nn";
        if (expectName !== "import" && expectName !== "from") expectName = null;
        if (word === "import" && expectName === "from") {
          cls = "kn";
          expectName = "import";
        } else if (word === "as" && expectName === "import") {
          cls = "k";
        }
      } else if (word === "import" || word === "from") {
        cls = "kn";
        expectName = word;
      } else if (word === "def" || word === "class") {
        cls = "k";
        expectName = word;
      } else if (python2 && (word === "print" || word === "exec")) {
        cls = "k";
      } else if (KEYWORDS.has(word)) cls = "k";
      else if (CONSTANTS.has(word)) cls = "kc";
      else if (WORD_OPERATORS.has(word)) cls = "ow";
      else if (PSEUDO.has(word) && src[pos - 1] !== ".") cls = "bp";
      else if (BUILTINS.has(word) && src[pos - 1] !== ".") cls = "nb";
      else if (EXCEPTIONS.test(word)) cls = "ne";
      else cls = "n";
      tokens.push([cls, word]);
      pos += word.length;
      continue;
    }
    for (const [re, kind] of RULES) {
      re.lastIndex = pos;
      const m = re.exec(src);
      if (!m || m[0].length === 0) continue;
      if (typeof kind === "string") tokens.push([kind, m[0]]);
      else tokens.push(...kind(m));
      if (m[0] === "\n" && expectName === "import") expectName = null;
      pos += m[0].length;
      continue outer;
    }
    tokens.push(["err", src[pos]]);
    pos++;
  }
  return tokens;
}
