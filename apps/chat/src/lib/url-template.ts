// Just enough of RFC 6570 to validate a code playground's URL template: literals, and
// expressions with an optional operator and comma-separated variables (with `:n` or `*`).
// Returns the variable names, or null when the template is not a valid RFC 6570 template.
const OPERATORS = "+#./;?&";
const RESERVED_OPERATORS = "=,!@|";
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
const BAD_LITERAL = /[\s"'<>\\^`|{}]/;

export function templateVariables(template: string): string[] | null {
  const names: string[] = [];
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    const literal = template.slice(i, open === -1 ? undefined : open);
    if (BAD_LITERAL.test(literal)) return null;
    if (open === -1) break;
    const close = template.indexOf("}", open);
    if (close === -1) return null;
    let body = template.slice(open + 1, close);
    if (body.includes("{")) return null;
    if (body && RESERVED_OPERATORS.includes(body[0]!)) return null;
    if (body && OPERATORS.includes(body[0]!)) body = body.slice(1);
    if (!body) return null;
    for (const spec of body.split(",")) {
      const match = /^(.*?)(?::([1-9][0-9]{0,3})|\*)?$/.exec(spec);
      if (!match || !VARNAME.test(match[1]!)) return null;
      names.push(match[1]!);
    }
    i = close + 1;
  }
  return names;
}
