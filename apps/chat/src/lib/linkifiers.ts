// Validation of a realm linkifier the way Zulip's RealmFilter model does it: the pattern must
// compile, the URL template must be RFC 6570, and the template's variables must be exactly the
// pattern's named groups. Patterns are written in Python (re2) syntax; JavaScript's RegExp
// stands in for re2 after the (?P<name>…) translation the renderer also applies.
import { templateVariables } from "./url-template.js";

export interface LinkifierInput {
  pattern: string;
  urlTemplate: string;
  exampleInput: string | null;
  reverseTemplate: string | null;
  alternativeUrlTemplates: string[];
}

/** A failed check: the model field it concerns ("__all__" for clean()) and Zulip's message. */
export interface LinkifierProblem {
  field: string;
  msg: string;
}

const toJs = (pattern: string) => pattern.replace(/\(\?P<(\w+)>/g, "(?<$1>").replace(/\(\?P=(\w+)\)/g, "\\k<$1>");

/** The compiled pattern, or the reason it does not compile. */
export function compilePattern(pattern: string): RegExp | string {
  try {
    return new RegExp(toJs(pattern), "u");
  } catch (error) {
    const text = (error as Error).message.replace(/^Invalid regular expression: /, "");
    return text || "Unknown regular expression error";
  }
}

export function groupNames(pattern: string): string[] {
  return [...new Set([...pattern.matchAll(/\(\?P<(\w+)>/g)].map((m) => m[1]!))];
}

/** The variables of a reverse template: `{name}`, with `{{` and `}}` as literal braces. */
function fillReverse(template: string, values: Record<string, string | undefined>): string | null {
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if ((c === "{" || c === "}") && template[i + 1] === c) {
      out += c;
      i++;
    } else if (c === "{") {
      const close = template.indexOf("}", i);
      if (close < 0) return null;
      const value = values[template.slice(i + 1, close)];
      if (value === undefined) return null;
      out += value;
      i = close;
    } else if (c === "}") {
      return null;
    } else out += c;
  }
  return out;
}

export function checkLinkifier(input: LinkifierInput): LinkifierProblem | null {
  const compiled = compilePattern(input.pattern);
  if (typeof compiled === "string") return { field: "pattern", msg: `Bad regular expression: ${compiled}` };
  const variables = templateVariables(input.urlTemplate);
  if (variables === null) return { field: "url_template", msg: "Invalid URL template." };
  for (const alternative of input.alternativeUrlTemplates) {
    if (templateVariables(alternative) === null) return { field: "alternative_url_templates", msg: "Invalid URL template." };
  }
  const groups = new Set(groupNames(input.pattern));
  const used = new Set(variables);
  const missingInPattern = [...used].filter((v) => !groups.has(v)).sort();
  // compat: Django formats the name with %r, so it arrives in single quotes.
  if (missingInPattern.length) return { field: "__all__", msg: `Group '${missingInPattern[0]}' in URL template is not present in linkifier pattern.` };
  const missingInUrl = [...groups].filter((g) => !used.has(g)).sort();
  if (missingInUrl.length) return { field: "__all__", msg: `Group '${missingInUrl[0]}' in linkifier pattern is not present in URL template.` };
  if (input.reverseTemplate !== null) {
    if (input.exampleInput === null) return { field: "__all__", msg: "Example input is required for reverse linkifiers." };
    const match = new RegExp(`^(?:${toJs(input.pattern)})$`, "u").exec(input.exampleInput);
    if (!match) return { field: "__all__", msg: "Example input does not match the linkifier pattern." };
    if (fillReverse(input.reverseTemplate, match.groups ?? {}) !== input.exampleInput) {
      return { field: "__all__", msg: "Reverse template does not reproduce the example input." };
    }
  }
  return null;
}
