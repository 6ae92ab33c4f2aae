// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const poIcon: KindIcon = { color: "#249df1", glyph: `<path d="M9 19.5l3.2-14"/><path d="M10.6 12.4h2.6a3.4 3.4 0 0 0 0-6.8h-2.7a5.5 5.5 0 0 0-4 1.8"/>` };
