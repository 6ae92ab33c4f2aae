// Telegram: an HTML message sent as the bot (POST <api>/bot<token>/sendMessage) to the chat,
// and topic, that asked for it. At most 6 messages a minute go to one chat. A group that
// became a supergroup is followed to its new id; a chat that blocked, deleted or kicked the
// bot disables the integration.
import { pythonJson } from "../../http/router.js";
import { TransportError, withinRateLimit, type AlertContext, type Transport } from "../alert.js";
import { send, type HttpResponse } from "../http.js";
import { checkFacts, cloakedUrl, formatDurationForSentence, htmlEscape as e, htmlFacts, nameThenCode, otherDownLines, pingBodyText, reasonLong } from "../text.js";
import type { MonitorConfig } from "../../config.js";
import { telegramSettings } from "./settings.js";

/** Stored as {"id", "type", "name", "thread_id"}: the chat, and the topic of a forum group. */
export interface TelegramConf {
  id: number;
  thread_id: number | null;
  type: string | null;
  name: string | null;
}

export function telegramConf(value: string): TelegramConf {
  const doc = JSON.parse(value);
  if (!Number.isInteger(doc?.id)) throw new Error("The Telegram chat id is missing");
  return { id: doc.id, thread_id: Number.isInteger(doc.thread_id) ? doc.thread_id : null, type: doc.type ?? null, name: doc.name ?? null };
}

/** The upstream's telegram_message.html, line by line; every value HTML-escaped. */
export function telegramMessage(alert: AlertContext): string {
  const { check, flip, config } = alert;
  const link = `<a href="${e(cloakedUrl(config, check))}">${e(nameThenCode(check))}</a>`;
  const lines: string[] = [];
  if (flip.new_status === "down") {
    lines.push(`\u{1F534} The check ${link} is <b>DOWN</b>${flip.reason ? ` (${e(reasonLong(flip.reason) ?? "")})` : ""}.`);
  } else {
    lines.push(`\u{1F7E2} The check ${link} is now <b>UP</b>.`);
    if (alert.downDuration) lines.push(`The downtime lasted ${formatDurationForSentence(alert.downDuration)}.`);
  }
  lines.push("");
  lines.push(...checkFacts(alert, htmlFacts));
  // Telegram takes 4096 characters; the body is cut at 1000 like the other chat kinds.
  const body = pingBodyText(alert.lastPing, 1000);
  if (body) lines.push("<b>Last Ping Body:</b>", `<pre>${e(body)}</pre>`);
  lines.push(...otherDownLines(alert, (c, last) => `- <a href="${e(cloakedUrl(config, c))}">${e(nameThenCode(c))}</a> (last ping: ${last})`));
  return lines.join("\n").trim();
}

/** Telegram's refusals after which the chat is gone for good. */
const GONE = new Set([
  "Forbidden: the group chat was deleted",
  "Forbidden: bot was blocked by the user",
  "Forbidden: user is deactivated",
  "Forbidden: bot was kicked from the group chat",
  "Forbidden: bot was kicked from the supergroup chat",
]);

/** The group became a supergroup with a new id: send again there. */
class ChatMigrated extends TransportError {
  constructor(
    message: string,
    readonly newChatId: number,
  ) {
    super(message, true);
  }
}

export function telegramError(res: HttpResponse): TransportError {
  const plain = `Received status code ${res.status}`;
  let doc: any;
  try {
    doc = JSON.parse(res.body.toString("utf8"));
  } catch {
    return new TransportError(plain);
  }
  // compat: an answer that is not {"description": str, "parameters"?: {"migrate_to_chat_id": int}}
  // (a 429's {"retry_after": n} parameters, say) is reported by its status alone, as upstream.
  if (typeof doc?.description !== "string") return new TransportError(plain);
  const parameters = doc.parameters;
  if (parameters !== undefined && parameters !== null) {
    if (Number.isInteger(parameters?.migrate_to_chat_id)) return new ChatMigrated(doc.description, parameters.migrate_to_chat_id);
    return new TransportError(plain);
  }
  return new TransportError(`${plain} with a message: "${doc.description}"`, GONE.has(doc.description));
}

/** sendMessage as the bot; also used for the bot's confirmation links (bot.ts). */
export async function sendTelegramMessage(config: MonitorConfig, chatId: number, threadId: number | null, text: string): Promise<void> {
  const { apiUrl, token } = telegramSettings.of(config);
  // The Bot API server is the operator's choice, not a user's: private addresses are allowed.
  await send(
    {
      method: "POST",
      url: `${apiUrl}/bot${token}/sendMessage`,
      headers: { "Content-Type": "application/json" },
      body: pythonJson({ chat_id: chatId, message_thread_id: threadId, text, parse_mode: "html" }),
      allowPrivateIps: true,
    },
    telegramError,
  );
}

export const telegramTransport: Transport = {
  isNoop: () => false,

  async notify(alert) {
    if (!telegramSettings.of(alert.config).token) throw new TransportError("Telegram notifications are not enabled.");
    const conf = telegramConf(alert.channel.value);
    await withinRateLimit(alert, `tg-${conf.id}`, 6, 60);
    const text = telegramMessage(alert);
    try {
      await sendTelegramMessage(alert.config, conf.id, conf.thread_id, text);
    } catch (error) {
      if (!(error instanceof ChatMigrated)) throw error;
      await alert.updateValue(JSON.stringify({ ...JSON.parse(alert.channel.value), id: error.newChatId }));
      await sendTelegramMessage(alert.config, error.newChatId, conf.thread_id, text);
    }
  },
};
