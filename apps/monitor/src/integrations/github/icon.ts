// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const githubIcon: KindIcon = { color: "#24292f", glyph: `<circle cx="8" cy="6.5" r="1.8"/><circle cx="8" cy="17.5" r="1.8"/><circle cx="16" cy="8.5" r="1.8"/><path d="M8 8.3v7.4M16 10.3c0 3.2-8 2.4-8 5.4"/>` };
