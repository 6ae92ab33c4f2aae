// A kind's badge as inline SVG: the kind's own drawing (integrations/<kind>/index.ts) on its
// colour. Colours are SVG attributes, not styles, so the strict CSP needs no exception.
import { kindOf } from "../../integrations/registry.js";
import { monogram } from "../../integrations/kind.js";
import { html, raw, type Html } from "../html.js";

export function kindIcon(name: string, className = "kind-icon"): Html {
  const icon = kindOf(name)?.icon ?? monogram(name, "#667085");
  return html`<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><rect width="24" height="24" rx="6" fill="${icon.color}"/><g fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${raw(icon.glyph)}</g></svg>`;
}
