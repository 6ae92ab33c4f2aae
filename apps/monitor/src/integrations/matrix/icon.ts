// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const matrixIcon: KindIcon = { color: "#0dbd8b", glyph: `<path d="M7 5.5H5.5v13H7"/><path d="M17 5.5h1.5v13H17"/><path d="M9 15v-5m0 1.2c.8-1.6 3-1.6 3 .3V15m0-3.5c.8-1.6 3-1.6 3 .3V15"/>` };
