// A compact PHP lexer (Pygments' PhpLexer with startinline, as Zulip configures it).
import type { Token } from "./token.js";

const KEYWORDS = new Set([
  "and", "E_PARSE", "old_function", "E_ERROR", "or", "as", "E_WARNING", "parent", "eval", "PHP_OS",
  "break", "exit", "case", "extends", "PHP_VERSION", "cfunction", "FALSE", "print", "for", "require",
  "continue", "foreach", "require_once", "declare", "return", "default", "static", "do", "switch",
  "die", "stdClass", "echo", "else", "TRUE", "elseif", "var", "empty", "if", "xor", "enddeclare",
  "include", "virtual", "endfor", "include_once", "while", "endforeach", "global", "endif", "list",
  "endswitch", "new", "endwhile", "not", "array", "E_ALL", "NULL", "final", "php_user_filter",
  "interface", "implements", "public", "private", "protected", "abstract", "clone", "try", "catch",
  "throw", "this", "use", "namespace", "trait", "yield", "finally", "match", "function", "class", "fn",
]);
const CONSTANTS = new Set(["true", "false", "null"]);
const BUILTINS = new Set([
  "strlen", "count", "isset", "unset", "array_map", "array_merge", "array_keys", "array_values",
  "in_array", "explode", "implode", "str_replace", "substr", "strpos", "sprintf", "printf",
  "json_encode", "json_decode", "var_dump", "print_r", "is_array", "is_string", "trim", "date",
]);

const RULES: [RegExp, string][] = [
  [/\?>/y, "cp"],
  [/\s+/y, ""],
  [/(?:#|\/\/).*?(?=\?>|\n|$)/y, "c1"],
  [/\/\*[\s\S]*?\*\//y, "cm"],
  [/\$+[a-zA-Z_\x7f-\uffff][\w\x7f-\uffff]*/y, "nv"],
  [/'(?:\\[\s\S]|[^'\\])*'/y, "s1"],
  [/"(?:\\[\s\S]|[^"\\])*"/y, "s2"],
  [/`(?:\\[\s\S]|[^`\\])*`/y, "sb"],
  [/0[xX][a-fA-F0-9]+/y, "mh"],
  [/(?:\d*\.\d+|\d+\.\d*)(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+/y, "mf"],
  [/\d+/y, "mi"],
  [/[~!%^&*+=|:.<>/@-]+/y, "o"],
  [/\?/y, "o"],
  [/[[\]{}();,]+/y, "p"],
];
const NAME_RE = /[\\a-zA-Z_\x7f-\uffff][\\\w\x7f-\uffff]*/y;

export function lexPhp(src: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  let afterFunction = false;
  outer: while (pos < src.length) {
    NAME_RE.lastIndex = pos;
    const nm = NAME_RE.exec(src);
    if (nm) {
      const word = nm[0];
      let cls: string;
      if (afterFunction) {
        cls = "nf";
        afterFunction = false;
      } else if (word === "function" && /^\s/.test(src.slice(pos + word.length, pos + word.length + 1))) {
        cls = "k";
        afterFunction = true;
      } else if (CONSTANTS.has(word.toLowerCase())) cls = "kc";
      else if (KEYWORDS.has(word)) cls = "k";
      else if (BUILTINS.has(word)) cls = "nb";
      else cls = "nx";
      tokens.push([cls, word]);
      pos += word.length;
      continue;
    }
    for (const [re, cls] of RULES) {
      re.lastIndex = pos;
      const m = re.exec(src);
      if (!m || m[0].length === 0) continue;
      if (cls !== "") afterFunction = afterFunction && cls === "o" && m[0] === "&";
      tokens.push([cls, m[0]]);
      pos += m[0].length;
      continue outer;
    }
    tokens.push(["err", src[pos]]);
    pos++;
  }
  return tokens;
}
