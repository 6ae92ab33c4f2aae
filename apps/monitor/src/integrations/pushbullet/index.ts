// Pushbullet: a note pushed through Pushbullet's API (transport.ts), added through
// Pushbullet's OAuth flow (routes.ts), which needs an OAuth client (settings.ts). Stored as
// the upstream stores it: the bare access token.
import { defineKind } from "../kind.js";
import { pushbulletRoutes, setupPage } from "./routes.js";
import { pushbulletSettings } from "./settings.js";
import { pushbulletTransport } from "./transport.js";
import { pushbulletIcon } from "./icon.js";

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
  icon: pushbulletIcon,
  settings: pushbulletSettings,
  transport: pushbulletTransport,
  checkValue,
  setup: { page: setupPage },
  routes: pushbulletRoutes,
});
