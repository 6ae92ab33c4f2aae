// `beacon monitor settelegramwebhook`: tells Telegram where to forward the bot's messages
// (the Bot API's setWebhook), as the upstream's management command of that name.
import type { Command } from "commander";
import { fail } from "@beacon/platform";
import { pythonJson } from "../../http/router.js";
import type { MonitorConfig } from "../../config.js";
import { httpRequest } from "../http.js";
import { telegramSettings } from "./settings.js";

export async function setTelegramWebhook(config: MonitorConfig): Promise<{ ok: boolean; message: string }> {
  const { apiUrl, token } = telegramSettings.of(config);
  if (!token) return { ok: false, message: "Abort: MONITOR_TELEGRAM_TOKEN is not set" };
  const url = `${config.siteRoot}/integrations/telegram/bot/`;
  const res = await httpRequest({
    method: "POST",
    url: `${apiUrl}/bot${token}/setWebhook`,
    headers: { "Content-Type": "application/json" },
    body: pythonJson({ url, allowed_updates: ["message", "channel_post"] }),
    allowPrivateIps: true,
  });
  if (res.status !== 200) return { ok: false, message: `Fail: status=${res.status}, ${res.body.toString("utf8")}` };
  return { ok: true, message: `Done, Telegram's webhook set to: ${url}` };
}

export function telegramCommands(monitor: Command, config: () => MonitorConfig): void {
  monitor
    .command("settelegramwebhook")
    .description("point the Telegram bot's webhook at SITE_ROOT/integrations/telegram/bot/ (needs MONITOR_TELEGRAM_TOKEN)")
    .action(async () => {
      let outcome: { ok: boolean; message: string };
      try {
        outcome = await setTelegramWebhook(config());
      } catch (error) {
        outcome = { ok: false, message: `Fail: ${(error as Error).message}` };
      }
      if (!outcome.ok) fail(outcome.message);
      process.stdout.write(`${outcome.message}\n`);
    });
}
