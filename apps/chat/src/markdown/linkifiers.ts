// Realm linkifiers: a user-supplied regex (Python/re2 syntax) plus an RFC 6570 URL template.
// Compiled once per distinct linkifier list and cached, since they run on every message.
import type { MarkdownLinkifier } from "./types.js";
import { pyQuote } from "./urls.js";

export interface CompiledLinkifier {
  re: RegExp;
  urlTemplate: string;
}

const cache = new Map<string, CompiledLinkifier[]>();
const byIdentity = new WeakMap<MarkdownLinkifier[], CompiledLinkifier[]>();
const NONE: CompiledLinkifier[] = [];

/** Translates the Python-only bits of a linkifier pattern to JavaScript syntax. */
function toJsPattern(source: string): string {
  return source.replace(/\(\?P<(\w+)>/g, "(?<$1>").replace(/\(\?P=(\w+)\)/g, "\\k<$1>");
}

export function compileLinkifiers(linkifiers: MarkdownLinkifier[]): CompiledLinkifier[] {
  if (linkifiers.length === 0) return NONE;
  const known = byIdentity.get(linkifiers);
  if (known) return known;
  const key = JSON.stringify(linkifiers.map((l) => [l.pattern, l.urlTemplate]));
  const hit = cache.get(key);
  if (hit) {
    byIdentity.set(linkifiers, hit);
    return hit;
  }
  const compiled: CompiledLinkifier[] = [];
  for (const { pattern, urlTemplate } of linkifiers) {
    try {
      // compat: only match after start, whitespace or an opening delimiter, and not
      // directly before a letter or digit.
      const re = new RegExp(
        `(?<linkifier_before_match>^|\\s|\\u0085|\\p{Z}|['"(,:<])(?<linkifier_actual_match>${toJsPattern(pattern)})(?<linkifier_after_match>$|[^\\p{L}\\p{N}])`,
        "gu",
      );
      compiled.push({ re, urlTemplate });
    } catch {
      // An invalid pattern is skipped rather than breaking every message.
    }
  }
  if (cache.size > 100) cache.clear();
  cache.set(key, compiled);
  byIdentity.set(linkifiers, compiled);
  return compiled;
}

const RESERVED_KEEP = /[:/?#[\]@!$&'()*+,;=]/;

/** RFC 6570 expansion for the operators linkifiers use: {var}, {+var}, {#var}, {/var}, {?var}. */
export function expandTemplate(template: string, groups: Record<string, string | undefined>): string {
  return template.replace(/\{([+#/?&.;]?)([^}]+)\}/g, (_all, op: string, names: string) => {
    const vars = names.split(",").map((n) => n.trim().replace(/\*$/, ""));
    const values = vars.map((n) => [n, groups[n]] as const).filter(([, v]) => v !== undefined) as [string, string][];
    const enc = (v: string): string =>
      op === "+" || op === "#" ? [...v].map((c) => (RESERVED_KEEP.test(c) ? c : pyQuote(c))).join("").replace(/%25([0-9A-Fa-f]{2})/g, "%$1") : pyQuote(v);
    if (values.length === 0) return "";
    switch (op) {
      case "#":
        return "#" + values.map(([, v]) => enc(v)).join(",");
      case "/":
        return values.map(([, v]) => "/" + enc(v)).join("");
      case ".":
        return values.map(([, v]) => "." + enc(v)).join("");
      case "?":
      case "&":
        return op + values.map(([n, v]) => `${n}=${enc(v)}`).join("&");
      case ";":
        return values.map(([n, v]) => `;${n}${v ? "=" + enc(v) : ""}`).join("");
      default:
        return values.map(([, v]) => enc(v)).join(",");
    }
  });
}
