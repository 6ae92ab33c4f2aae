// The one place that escapes HTML. Templates are `html` tagged literals: every interpolated
// value is escaped unless it is itself Html (the output of another template, or `raw`),
// arrays are joined, and null, undefined and false render as nothing.
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Renderable = Html | string | number | boolean | null | undefined | Renderable[];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

function render(value: Renderable): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Renderable[]): Html {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Html(out);
}

/** Markup that is trusted as is: only for constants written in this code base. */
export function raw(text: string): Html {
  return new Html(text);
}

/** `attr` for boolean HTML attributes: `<input ${when(x, "checked")}>`. */
export function when(condition: boolean, attribute: string): Html | null {
  return condition ? raw(attribute) : null;
}
