// Pushbullet: a note pushed through Pushbullet's API (transport.ts), added through
// Pushbullet's OAuth flow (routes.ts), which needs an OAuth client (settings.ts). Stored as
// the upstream stores it: the bare access token.
import { defineKind } from "../kind.js";
import { pushbulletRoutes, setupPage } from "./routes.js";
import { pushbulletSettings } from "./settings.js";
import { pushbulletTransport } from "./transport.js";

/** The access token, as is (a line of printable characters). */
function checkValue(raw: string): string {
  const token = raw.trim();
  if (!/^[\x21-\x7e]+$/.test(token)) throw new Error("--value must be a Pushbullet access token");
  return token;
}

export const pushbullet = defineKind({
  kind: "pushbullet",
  title: "Pushbullet",
  blurb: "Pushes a note to your phones and browsers through Pushbullet.",
  icon: { color: "#4ab367", glyph: `<rect x="5.5" y="5.5" width="4" height="13" rx="1"/><path d="M12.5 5.5h2.5a6.5 6.5 0 0 1 0 13h-2.5z"/>` },
  settings: pushbulletSettings,
  transport: pushbulletTransport,
  checkValue,
  setup: { page: setupPage },
  routes: pushbulletRoutes,
});
