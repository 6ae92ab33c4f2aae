// Telegram: alerts sent by a bot to a chat (transport.ts), set up by saying /start to the bot
// (bot.ts, routes.ts). Needs MONITOR_TELEGRAM_TOKEN and MONITOR_TELEGRAM_BOT_NAME (settings.ts).
// Stored as {"id", "type", "name", "thread_id"}, as the upstream stores it.
import { pageResponse } from "../../web/respond.js";
import { defineKind } from "../kind.js";
import { jsonObject } from "../values.js";
import { telegramCommands } from "./commands.js";
import { setupPage } from "./pages.js";
import { telegramRoutes } from "./routes.js";
import { telegramSettings } from "./settings.js";
import { telegramConf, telegramTransport } from "./transport.js";
import { telegramIcon } from "./icon.js";

const CHAT_WORDS: Record<string, string> = { private: "user", group: "group", supergroup: "group", channel: "channel" };

function checkValue(raw: string): string {
  const doc = jsonObject(raw);
  if (!Number.isInteger(doc.id)) throw new Error("id must be the chat's id, a whole number");
  if (doc.thread_id !== undefined && doc.thread_id !== null && !Number.isInteger(doc.thread_id)) throw new Error("thread_id must be a whole number or null");
  for (const key of ["type", "name"]) if (doc[key] !== undefined && doc[key] !== null && typeof doc[key] !== "string") throw new Error(`${key} must be a string`);
  return JSON.stringify({ id: doc.id, type: doc.type ?? null, name: doc.name ?? null, thread_id: doc.thread_id ?? null });
}

export const telegram = defineKind({
  kind: "telegram",
  title: "Telegram",
  blurb: "Posts to a Telegram chat, group or channel through a bot.",
  icon: telegramIcon,
  settings: telegramSettings,
  transport: telegramTransport,
  checkValue,
  summary(channel) {
    const conf = telegramConf(channel.value);
    return [CHAT_WORDS[conf.type ?? ""], conf.name].filter(Boolean).join(" ");
  },
  setup: { page: (ctx, access) => pageResponse(setupPage(ctx.deps, ctx.visitor, telegramSettings.of(ctx.deps.config).botName, access)) },
  routes: telegramRoutes,
  commands: telegramCommands,
});

