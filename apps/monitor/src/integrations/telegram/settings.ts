import { parse, setting } from "@beacon/platform";
import { kindSettings } from "../settings.js";

export const telegramSettings = kindSettings(
  {
    botName: setting("MONITOR_TELEGRAM_BOT_NAME", "", parse.string, "the Telegram bot's username (as in t.me/<name>), shown in the set-up steps (upstream TELEGRAM_BOT_NAME)"),
    token: setting("MONITOR_TELEGRAM_TOKEN", "", parse.string, "the bot's token from BotFather (upstream TELEGRAM_TOKEN); run `beacon monitor settelegramwebhook` once it is set"),
    apiUrl: setting("MONITOR_TELEGRAM_API_URL", "https://api.telegram.org", parse.url, "Telegram Bot API server: Telegram's, or a local Bot API server"),
  },
  ["botName", "token"],
);
