// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const groupIcon: KindIcon = { color: "#5b6b7f", glyph: `<circle cx="9" cy="10" r="2.5"/><circle cx="15.5" cy="10" r="2.5"/><path d="M5 17.5c.6-2.2 2.2-3.5 4-3.5s3.4 1.3 4 3.5M11.5 17.5c.6-2.2 2.2-3.5 4-3.5s3.4 1.3 4 3.5"/>` };
