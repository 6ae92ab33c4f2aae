// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const pushbulletIcon: KindIcon = { color: "#4ab367", glyph: `<rect x="5.5" y="5.5" width="4" height="13" rx="1"/><path d="M12.5 5.5h2.5a6.5 6.5 0 0 1 0 13h-2.5z"/>` };
