// Topic names: normalization, the empty topic ("general chat"), resolved topics, and the
// channel/realm topics policy.
import { BadRequestError } from "./errors.js";

export const MAX_TOPIC_LENGTH = 60;
export const MAX_MESSAGE_LENGTH = 10000;
/** Message.EMPTY_TOPIC_FALLBACK_NAME, reported as realm_empty_topic_display_name. */
export const EMPTY_TOPIC_DISPLAY_NAME = "general chat";
export const RESOLVED_TOPIC_PREFIX = "✔ ";

/** Python's len(): code points, not UTF-16 units. */
export const codePoints = (text: string): number => [...text].length;

/** Zulip's truncate_content: cut to `max` code points, the marker included. */
export function truncate(text: string, max: number, marker: string): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return chars.slice(0, max - codePoints(marker)).join("") + marker;
}

/** normalize_body: strip trailing space and leading newlines, refuse empty or NUL, truncate. */
export function normalizeContent(raw: string): string {
  const body = raw.replace(/\s+$/u, "").replace(/^\n+/, "");
  if (body.length === 0) throw new BadRequestError("Message must not be empty");
  if (body.includes("\u0000")) throw new BadRequestError("Message must not contain null bytes");
  return truncate(body, MAX_MESSAGE_LENGTH, "\n[message truncated]");
}

// Control, surrogate and unassigned characters are refused in topics (check_stream_topic).
const FORBIDDEN_TOPIC_CHARS = /[\p{Cc}\p{Cs}\p{Cn}]/u;

/** A topic as sent: stripped, truncated, validated; the empty-topic aliases become "". */
export function normalizeTopic(raw: string): string {
  const topic = truncate(raw.trim(), MAX_TOPIC_LENGTH, "...");
  const chars = [...topic];
  const bad = chars.findIndex((c) => FORBIDDEN_TOPIC_CHARS.test(c));
  if (bad >= 0) throw new BadRequestError(`Invalid character in topic, at position ${bad + 1}!`);
  return isEmptyTopicAlias(topic) ? "" : topic;
}

/** Since FL 370, "(no topic)" and the display name both mean the empty topic. */
export function isEmptyTopicAlias(topic: string): boolean {
  return topic === "" || topic === "(no topic)" || topic === EMPTY_TOPIC_DISPLAY_NAME;
}

/** The topic as a client that did not ask for empty topic names should see it. */
export function displayTopic(topic: string, allowEmpty: boolean): string {
  return topic === "" && !allowEmpty ? EMPTY_TOPIC_DISPLAY_NAME : topic;
}

export const topicKey = (topic: string): string => topic.toLowerCase();

export const isResolved = (topic: string): boolean => topic.startsWith(RESOLVED_TOPIC_PREFIX);

/** The effective policy of a channel: its own, or the realm's when it says "inherit". */
export function effectiveTopicsPolicy(channelPolicy: string, realmPolicy: string): string {
  return channelPolicy === "inherit" ? realmPolicy : channelPolicy;
}

/** Refuses a topic the channel's policy does not allow. */
export function checkTopicAllowed(topic: string, policy: string): void {
  if (topic === "" && policy === "disable_empty_topic") {
    throw new BadRequestError(`Sending messages to the ${EMPTY_TOPIC_DISPLAY_NAME} is not allowed in this channel.`);
  }
  if (topic !== "" && policy === "empty_topic_only") {
    throw new BadRequestError(`Only the ${EMPTY_TOPIC_DISPLAY_NAME} topic is allowed in this channel.`);
  }
}
