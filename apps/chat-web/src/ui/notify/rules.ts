// Which new messages deserve a desktop notification and a sound, following Zulip's rules
// (web/src/message_notifications.ts, "should_send_desktop_notification" and
// "should_send_audible_notification", read for the facts): never one's own messages or a muted
// sender's; direct messages and direct mentions when desktop notifications are on; wildcard
// mentions when wildcard_mentions_notify allows; followed topics by their own setting; a
// channel by its subscription's desktop setting (or the user's default for channels); nothing
// from a muted topic or channel except a direct mention.
import { isMentioned } from "../../narrow/narrow";
import type { Message, Subscription } from "../../state/types";
import type { Settings } from "../../state/settings";
import { TOPIC_POLICY } from "../../state/muting";

export interface Context {
  myUserId: number;
  settings: Settings;
  subscription: (Subscription & Record<string, unknown>) | undefined;
  senderMuted: boolean;
  /** the topic's visibility policy (state/muting.ts) */
  topicPolicy: number;
}

const on = (value: unknown, fallback = false) => (value === undefined || value === null ? fallback : Boolean(value));
const direct = (flags: readonly string[]) => flags.includes("mentioned");
const wildcard = (flags: readonly string[]) => isMentioned(flags) && !direct(flags);

/** Whether a stream message's channel or topic is muted for the reader. */
function mutedWhere(m: Message, c: Context): boolean {
  if (m.type !== "stream") return false;
  if (c.topicPolicy === TOPIC_POLICY.muted) return true;
  return Boolean(c.subscription?.is_muted) && c.topicPolicy !== TOPIC_POLICY.unmuted && c.topicPolicy !== TOPIC_POLICY.followed;
}

function wants(kind: "desktop" | "audible", m: Message, c: Context): boolean {
  const s = c.settings;
  if (m.sender_id === c.myUserId || c.senderMuted) return false;
  if (m.flags.includes("read")) return false;
  if (m.type === "stream" && !c.subscription) return false;
  const main = kind === "desktop" ? on(s.enable_desktop_notifications, true) : on(s.enable_sounds, true);
  if (mutedWhere(m, c)) return direct(m.flags) && main;
  if (m.type === "private") return main;
  if (direct(m.flags)) return main;
  const followed = c.topicPolicy === TOPIC_POLICY.followed;
  if (wildcard(m.flags)) {
    const allowed = followed ? on(s.enable_followed_topic_wildcard_mentions_notify, true) : on(c.subscription?.wildcard_mentions_notify, on(s.wildcard_mentions_notify, true));
    if (allowed && main) return true;
  }
  if (followed && on(kind === "desktop" ? s.enable_followed_topic_desktop_notifications : s.enable_followed_topic_audible_notifications, true)) return true;
  const property = kind === "desktop" ? "desktop_notifications" : "audible_notifications";
  return on(c.subscription?.[property], on(kind === "desktop" ? s.enable_stream_desktop_notifications : s.enable_stream_audible_notifications));
}

export const wantsDesktop = (m: Message, c: Context) => wants("desktop", m, c);
export const wantsSound = (m: Message, c: Context) => wants("audible", m, c) && String(c.settings.notification_sound ?? "zulip") !== "none";

/**
 * The notification's text: the message without its markup, shortened. Blocks and line breaks
 * become spaces; inline marks go without one ("<strong>one</strong>?" is "one?").
 */
export function plainText(html: string, limit = 150): string {
  const text = html
    .replace(/<(br|hr)\b[^>]*>|<\/(p|div|li|h[1-6]|blockquote|pre|tr|td|th)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!)
    .replace(/\s+/g, " ")
    .trim();
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
