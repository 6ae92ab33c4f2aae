// Discord: alerts posted to a channel's webhook (transport.ts), added through Discord's OAuth
// flow (routes.ts), which needs a Discord application (settings.ts). Stored as Discord's
// OAuth answer, {"webhook": {"url": …, …}, …}, as the upstream stores it (without the tokens).
import { defineKind } from "../kind.js";
import { httpUrl, isObject, parseJson } from "../values.js";
import { discordRoutes, setupPage } from "./routes.js";
import { discordSettings } from "./settings.js";
import { discordTransport } from "./transport.js";

/** A webhook URL (from the channel's settings in Discord), or the JSON the dashboard stores. */
function checkValue(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed.startsWith("{")) return JSON.stringify({ webhook: { url: httpUrl(trimmed, "the webhook URL", true) } });
  const doc = parseJson(trimmed);
  if (!isObject(doc) || !isObject(doc.webhook)) throw new Error('--value must be a webhook URL or {"webhook": {"url": …}}');
  httpUrl(doc.webhook.url, "webhook.url", true);
  return JSON.stringify(doc);
}

export const discord = defineKind({
  kind: "discord",
  title: "Discord",
  blurb: "Posts to a channel of your Discord server.",
  icon: {
    color: "#5865f2",
    glyph: `<path d="M8.2 7.4a11 11 0 0 1 7.6 0c1.3 1.9 2 4.2 2 6.8-1.1 1-2.4 1.6-3.8 2l-.8-1.4M8.2 7.4c-1.3 1.9-2 4.2-2 6.8 1.1 1 2.4 1.6 3.8 2l.8-1.4M8.6 14.2c2.2 1 4.6 1 6.8 0"/><circle cx="9.8" cy="11.6" r="1" fill="#fff" stroke="none"/><circle cx="14.2" cy="11.6" r="1" fill="#fff" stroke="none"/>`,
  },
  settings: discordSettings,
  transport: discordTransport,
  checkValue,
  setup: { page: setupPage },
  routes: discordRoutes,
});
