// Server-side KaTeX, as Zulip renders `$$…$$` and ```math blocks: KaTeX's default HTML+MathML
// output, and null (so the caller shows a tex-error span) when KaTeX rejects the input.
import katex from "katex";

export function renderTex(tex: string, displayMode: boolean): string | null {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: true, strict: "ignore", trust: false });
  } catch {
    return null;
  }
}
