// Who is typing where, from `typing` events (op "start"/"stop", a direct conversation by its
// recipients or a channel's topic). A start shows the person until their stop, or until
// server_typing_started_expiry_period_milliseconds pass without another start (Zulip's
// typing_events.ts): a lost stop never leaves someone "typing" for ever.
import { signal } from "@preact/signals";
import type { Narrow } from "../narrow/narrow";
import { limits } from "./limits";

/** Conversation key → the ids of those typing there, in the order they started. */
export const typists = signal<ReadonlyMap<string, readonly number[]>>(new Map());
const expiries = new Map<string, ReturnType<typeof setTimeout>>();

export interface TypingEvent {
  op: "start" | "stop";
  message_type: "direct" | "stream" | "private";
  sender: { user_id: number };
  recipients?: { user_id: number }[];
  stream_id?: number;
  topic?: string;
}

const topicKey = (channelId: number, topic: string) => `topic:${channelId}:${topic.toLowerCase()}`;
const dmKey = (peers: readonly number[]) => `dm:${[...peers].sort((a, b) => a - b).join(",")}`;

/** The conversation a narrow shows, as typing is keyed (none for a channel or a search). */
export function conversationKey(n: Narrow): string | null {
  if (n.dm) return dmKey(n.dm);
  if (n.channelId !== undefined && n.topic !== undefined && !n.terms) return topicKey(n.channelId, n.topic);
  return null;
}

function eventKey(event: TypingEvent, myUserId: number): string | null {
  if (event.message_type === "stream") return event.stream_id !== undefined && event.topic !== undefined ? topicKey(event.stream_id, event.topic) : null;
  return dmKey((event.recipients ?? []).map((r) => r.user_id).filter((id) => id !== myUserId));
}

function set(key: string, ids: readonly number[]): void {
  const next = new Map(typists.peek());
  if (ids.length) next.set(key, ids);
  else next.delete(key);
  typists.value = next;
}

function stop(key: string, userId: number): void {
  const timer = `${key}|${userId}`;
  clearTimeout(expiries.get(timer));
  expiries.delete(timer);
  const list = typists.peek().get(key);
  if (list?.includes(userId)) set(key, list.filter((id) => id !== userId));
}

export function applyTypingEvent(event: TypingEvent, myUserId: number): void {
  const userId = event.sender?.user_id;
  if (userId === undefined || userId === myUserId) return;
  const key = eventKey(event, myUserId);
  if (key === null) return;
  if (event.op === "stop") {
    stop(key, userId);
    return;
  }
  const list = typists.peek().get(key) ?? [];
  if (!list.includes(userId)) set(key, [...list, userId]);
  const timer = `${key}|${userId}`;
  clearTimeout(expiries.get(timer));
  expiries.set(
    timer,
    setTimeout(() => stop(key, userId), limits.typingStartedExpiryMs),
  );
}

/** A message from someone ends their typing there (Zulip hides the notice when it arrives). */
export function typingEndedBy(senderId: number, key: string): void {
  stop(key, senderId);
}

export function clearTyping(): void {
  for (const timer of expiries.values()) clearTimeout(timer);
  expiries.clear();
  typists.value = new Map();
}
