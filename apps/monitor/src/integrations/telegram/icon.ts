// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const telegramIcon: KindIcon = { color: "#1d93d2", glyph: `<path d="M5 11.6 18.6 6.1c.5-.2 1 .2.9.8l-2.3 10.6c-.1.6-.8.8-1.2.5l-3.6-2.7-1.9 1.8c-.3.3-.7.1-.7-.3v-2.9l5.6-5.2-7 4.3-3.2-1c-.5-.2-.5-.9 0-1.1z"/>` };
