// Server-side KaTeX, as Zulip renders `$$…$$` and ```math blocks: KaTeX's default HTML+MathML
// output, and null (so the caller shows a tex-error span) when KaTeX rejects the input.
import { readFileSync } from "node:fs";
import katex from "katex";

// compat: newer KaTeX rounds italic corrections to 4 decimals; Zulip's output has the
// unrounded font metrics (see data/build-katex-em.ts). Spacing (mspace) is left alone.
const unrounded = new Map(
  Object.entries(JSON.parse(readFileSync(new URL("./data/katex-em.json", import.meta.url), "utf8")) as Record<string, string>),
);
const SPAN_STYLE_RE = /<span (class="([^"]*)" )?style="([^"]*)"/g;
const MARGIN_RE = /(margin-right:|margin-left:-)(\d\.\d{4})em/g;

function restoreMetrics(html: string): string {
  return html.replace(SPAN_STYLE_RE, (tag: string, _c, cls: string | undefined, style: string) => {
    if (cls?.includes("mspace")) return tag;
    const fixed = style.replace(MARGIN_RE, (m: string, prop: string, value: string) => {
      const exact = unrounded.get(value);
      return exact ? `${prop}${exact}em` : m;
    });
    return fixed === style ? tag : tag.replace(style, fixed);
  });
}

export function renderTex(tex: string, displayMode: boolean): string | null {
  try {
    const html = katex.renderToString(tex, { displayMode, throwOnError: true, strict: "ignore", trust: false });
    return html.includes("margin-") ? restoreMetrics(html) : html;
  } catch {
    return null;
  }
}
