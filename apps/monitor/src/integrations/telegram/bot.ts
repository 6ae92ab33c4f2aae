// The bot's side of setting up a Telegram integration (the upstream's flow): someone sends
// /start to the bot, in a direct chat, a group (or one topic of it) or a channel; Telegram
// forwards the message to our webhook; the bot answers in that chat with a signed link, and
// whoever opens it signed in picks the project (routes.ts).
import type { MonitorConfig } from "../../config.js";
import { readSignedPayload, signPayload } from "../../lib/signing.js";
import { htmlEscape } from "../text.js";

export interface Recipient {
  id: number;
  type: string;
  name: string | null;
  thread_id: number | null;
}

const CHAT_TYPES = new Set(["group", "private", "supergroup", "channel"]);
const SALT = "telegram-invite";
/** A confirmation link works for 10 minutes, as upstream. */
export const INVITE_MAX_AGE = 600;

const isObject = (v: unknown): v is Record<string, any> => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || v === null || check(v);

export type Update = { kind: "bad_json" } | { kind: "ignored" } | { kind: "start"; recipient: Recipient };

/**
 * A webhook update from Telegram. Only a text message (or channel post) containing "/start"
 * from a chat of a known type asks for anything; updates of another shape are ignored, so
 * Telegram does not send them again and again.
 */
export function readUpdate(body: Buffer): Update {
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString("utf8"));
  } catch {
    return { kind: "bad_json" };
  }
  if (!isObject(doc)) return { kind: "ignored" };
  // A channel post has the shape of a message.
  const message = "channel_post" in doc ? doc.channel_post : doc.message;
  if (!isObject(message) || !isObject(message.chat) || typeof message.text !== "string") return { kind: "ignored" };
  const chat = message.chat;
  if (!isInt(chat.id) || !CHAT_TYPES.has(chat.type)) return { kind: "ignored" };
  if (!optional(chat.title, (v) => typeof v === "string") || !optional(chat.username, (v) => typeof v === "string")) return { kind: "ignored" };
  if (!optional(message.message_thread_id, isInt)) return { kind: "ignored" };
  if (!message.text.includes("/start")) return { kind: "ignored" };
  return { kind: "start", recipient: { id: chat.id, type: chat.type, name: chat.title || chat.username || null, thread_id: message.message_thread_id ?? null } };
}

export function confirmationLink(config: MonitorConfig, secretKey: string, recipient: Recipient, now: number): string {
  return `${config.siteRoot}/integrations/add_telegram/?${signPayload(recipient, secretKey, SALT, now)}`;
}

/** The bot's answer to /start (the upstream's telegram_invite.html, as rendered). */
export function inviteText(config: MonitorConfig, link: string): string {
  return `\n\nPlease open this link to complete the ${htmlEscape(config.siteName)} integration:\n\n${htmlEscape(link)}\n`;
}

/** The chat a confirmation link names, or null for a forged, mangled or expired one. */
export function readConfirmation(token: string, secretKey: string, now: number): Recipient | null {
  const doc = readSignedPayload(token, secretKey, SALT, now, INVITE_MAX_AGE);
  if (!isObject(doc) || !isInt(doc.id) || typeof doc.type !== "string") return null;
  return { id: doc.id, type: doc.type, name: typeof doc.name === "string" ? doc.name : null, thread_id: isInt(doc.thread_id) ? doc.thread_id : null };
}
