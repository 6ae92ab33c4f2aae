// The Markdown the server itself writes into notification-bot messages (move notices, message
// reports, reminders, failed-delivery notices): silent mentions, channel/topic/message links,
// quote fences that cannot collide with the quoted text, and global times.
import { channelSlug, encodeHashComponent } from "./message-urls.js";
import { EMPTY_TOPIC_DISPLAY_NAME } from "./topics.js";

export const silentMention = (user: { id: number; full_name: string }): string => `@_**${user.full_name}|${user.id}**`;

// Characters that break the #**channel>topic** syntax; such links fall back to plain Markdown.
const BREAKS_LINK = /[`>*&[\]]|(\$\$)/g;
const ESCAPES: Record<string, string> = { "`": "&#96;", ">": "&gt;", "*": "&#42;", "&": "&amp;", $$: "&#36;&#36;", "[": "&#91;", "]": "&#93;" };
const breaksLink = (text: string) => new RegExp(BREAKS_LINK.source).test(text);
const escapeLinkText = (text: string) => text.replace(BREAKS_LINK, (m) => ESCAPES[m] ?? m);

function fallbackLink(stream: { id: number; name: string }, topic: string, messageId?: number): string {
  let link = `#narrow/channel/${channelSlug(stream.id, stream.name)}/topic/${encodeHashComponent(topic)}`;
  let text = `#${escapeLinkText(stream.name)} > ${escapeLinkText(topic === "" ? EMPTY_TOPIC_DISPLAY_NAME : topic)}`;
  if (messageId !== undefined) {
    link += `/near/${messageId}`;
    text += " @ 💬";
  }
  return `[${text}](${link})`;
}

/** get_stream_topic_link_syntax */
export function topicLinkSyntax(stream: { id: number; name: string }, topic: string): string {
  if (breaksLink(stream.name) || breaksLink(topic)) return fallbackLink(stream, topic);
  return `#**${stream.name}>${topic}**`;
}

/** get_message_link_syntax */
export function messageLinkSyntax(stream: { id: number; name: string }, topic: string, messageId: number): string {
  if (breaksLink(stream.name) || breaksLink(topic)) return fallbackLink(stream, topic, messageId);
  return `#**${stream.name}>${topic}@${messageId}**`;
}

/** get_unused_fence: backticks one longer than any fence inside `content` (at least three). */
export function unusedFence(content: string): string {
  const lengths = [...content.matchAll(/^ {0,3}(`{3,})/gm)].map((m) => m[1].length);
  return "`".repeat(lengths.length ? Math.max(3, ...lengths) + 1 : 3);
}

/** datetime_to_global_time for a UTC instant in epoch ms: `<time:2025-01-15T12:00:00+00:00>`. */
export function globalTime(ms: number): string {
  return `<time:${new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "+00:00")}>`;
}
