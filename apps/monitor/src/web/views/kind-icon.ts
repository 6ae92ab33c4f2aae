// The badge of a kind named by a stored integration (integrations/<kind>/index.ts draws it).
import { kindOf } from "../../integrations/registry.js";
import { monogram } from "../../integrations/kind.js";
import type { Html } from "../html.js";
import { drawKindIcon } from "./kind-badge.js";

export function kindIcon(name: string, className = "kind-icon"): Html {
  return drawKindIcon(kindOf(name)?.icon ?? monogram(name, "#667085"), className);
}
