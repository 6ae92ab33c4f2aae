// The kind's badge, drawn by Beacon (see KindIcon in ../kind.ts); its definition and its own pages use it.
import type { KindIcon } from "../kind.js";

export const discordIcon: KindIcon = {
  color: "#5865f2",
  glyph: `<path d="M8.2 7.4a11 11 0 0 1 7.6 0c1.3 1.9 2 4.2 2 6.8-1.1 1-2.4 1.6-3.8 2l-.8-1.4M8.2 7.4c-1.3 1.9-2 4.2-2 6.8 1.1 1 2.4 1.6 3.8 2l.8-1.4M8.6 14.2c2.2 1 4.6 1 6.8 0"/><circle cx="9.8" cy="11.6" r="1" fill="#fff" stroke="none"/><circle cx="14.2" cy="11.6" r="1" fill="#fff" stroke="none"/>`,
};
