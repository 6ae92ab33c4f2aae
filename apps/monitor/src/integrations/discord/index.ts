// Discord: alerts posted to a channel's webhook (transport.ts), added through Discord's OAuth
// flow (routes.ts), which needs a Discord application (settings.ts). Stored as Discord's
// OAuth answer, {"webhook": {"url": …, …}, …}, as the upstream stores it (without the tokens).
import { defineKind } from "../kind.js";
import { httpUrl, isObject, parseJson } from "../values.js";
import { discordRoutes, setupPage } from "./routes.js";
import { discordSettings } from "./settings.js";
import { discordTransport } from "./transport.js";
import { discordIcon } from "./icon.js";

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
  icon: discordIcon,
  settings: discordSettings,
  transport: discordTransport,
  checkValue,
  setup: { page: setupPage },
  routes: discordRoutes,
});
