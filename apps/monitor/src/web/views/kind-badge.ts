// A kind's badge as inline SVG: its drawing on its colour. Colours are SVG attributes, not
// styles, so the strict CSP needs no exception.
import type { KindIcon } from "../../integrations/kind.js";
import { html, raw, type Html } from "../html.js";

export function drawKindIcon(icon: KindIcon, className = "kind-icon"): Html {
  return html`<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><rect width="24" height="24" rx="6" fill="${icon.color}"/><g fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${raw(icon.glyph)}</g></svg>`;
}
