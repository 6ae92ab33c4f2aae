// A compact TeX lexer (Pygments' TexLexer): control sequences, braces and math shifts.
import type { Token } from "./token.js";

export function lexTex(src: string): Token[] {
  const tokens: Token[] = [];
  const re = /(%[^\n]*\n?)|(\\[a-zA-Z@_:]+|\\[^\s]?)|([{}&_^])|(\$\$?)|([^\\$%&_^{}]+)/gy;
  let m: RegExpExecArray | null;
  let inMath: string | null = null;
  while ((m = re.exec(src)) !== null) {
    if (m[1]) tokens.push(["c", m[1]]);
    else if (m[2]) tokens.push([inMath ? "nv" : "k", m[2]]);
    else if (m[3]) tokens.push(["nb", m[3]]);
    else if (m[4]) {
      const cls = m[4] === "$$" ? "sb" : "s";
      if (inMath === m[4]) inMath = null;
      else if (!inMath) inMath = m[4];
      tokens.push([cls, m[4]]);
    } else tokens.push([inMath ? "" : "", m[5]]);
  }
  return tokens;
}
