// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const trelloIcon: KindIcon = { color: "#0c66e4", glyph: `<rect x="5" y="5" width="14" height="14" rx="2"/><path d="M8.5 8.5v7M15.5 8.5v4"/>` };
