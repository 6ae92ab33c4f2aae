// Unread messages by id, with where each one lives, so every count (channel, topic, direct
// conversation, mentions, the combined feed) is derived from one set: a message read anywhere
// (here, another tab, another client: update_message_flags) lowers every count at once.
import { computed, signal } from "@preact/signals";
import { isMentioned } from "../narrow/narrow";
import { subscriptionById } from "./channels";
import type { Message } from "./types";

export interface UnreadInfo {
  channelId?: number;
  topic?: string;
  /** the other participants, "7,9" ("" for oneself) */
  dm?: string;
  mentioned: boolean;
}

const unread = signal<ReadonlyMap<number, UnreadInfo>>(new Map());

export const topicKey = (channelId: number, topic: string) => `${channelId}\u0000${topic.toLowerCase()}`;

export interface RawUnreads {
  streams?: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms?: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
  huddles?: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions?: number[];
}

/**
 * Loads register's unread_msgs (up to 50,000 ids). The ids of one topic or conversation share
 * their info object (one with the mention, one without), so counting goes by object.
 */
export function setUnreads(raw: RawUnreads, myUserId: number): void {
  const mentions = new Set(raw.mentions ?? []);
  const next = new Map<number, UnreadInfo>();
  const fill = (ids: number[], where: Omit<UnreadInfo, "mentioned">) => {
    const plain: UnreadInfo = { ...where, mentioned: false };
    const mentioned: UnreadInfo = { ...where, mentioned: true };
    for (const id of ids) next.set(id, mentions.has(id) ? mentioned : plain);
  };
  for (const s of raw.streams ?? []) fill(s.unread_message_ids, { channelId: s.stream_id, topic: s.topic });
  for (const p of raw.pms ?? []) {
    const other = p.other_user_id ?? p.sender_id ?? myUserId;
    fill(p.unread_message_ids, { dm: other === myUserId ? "" : String(other) });
  }
  for (const h of raw.huddles ?? []) {
    const peers = h.user_ids_string.split(",").map(Number).filter((id) => id !== myUserId).sort((a, b) => a - b).join(",");
    fill(h.unread_message_ids, { dm: peers });
  }
  unread.value = next;
}

export function addUnread(message: Message, dmPeers: number[]): void {
  if (message.flags.includes("read")) return;
  const next = new Map(unread.peek());
  next.set(
    message.id,
    message.type === "stream"
      ? { channelId: message.stream_id, topic: message.subject, mentioned: isMentioned(message.flags) }
      : { dm: dmPeers.join(","), mentioned: isMentioned(message.flags) },
  );
  unread.value = next;
}

export function markRead(ids: readonly number[]): void {
  if (!ids.some((id) => unread.peek().has(id))) return;
  const next = new Map(unread.peek());
  for (const id of ids) next.delete(id);
  unread.value = next;
}

/** "Mark all as read" (from any client): no unread message is left, loaded or not. */
export function markAllRead(): void {
  unread.value = new Map();
}

/** A message moved or re-topicked: its unread entry follows it. */
export function moveUnread(ids: readonly number[], channelId: number | undefined, topic: string | undefined): void {
  if (!ids.some((id) => unread.peek().has(id))) return;
  const next = new Map(unread.peek());
  for (const id of ids) {
    const info = next.get(id);
    if (info?.channelId !== undefined) next.set(id, { ...info, channelId: channelId ?? info.channelId, topic: topic ?? info.topic });
  }
  unread.value = next;
}

export function isUnread(id: number): boolean {
  return unread.value.has(id);
}

export interface UnreadCounts {
  channels: Map<number, number>;
  topics: Map<string, number>;
  /** each unread topic's name as its messages spell it, by channel, then by topicKey */
  topicNames: Map<number, Map<string, string>>;
  dms: Map<string, number>;
  mentions: number;
  /** the combined feed: muted channels left out, as Zulip's left sidebar counts */
  feed: number;
  dmTotal: number;
}

export const unreadCounts = computed<UnreadCounts>(() => {
  const subs = subscriptionById.value;
  // Entries share info objects (setUnreads): tally by object, then fold the few hundred tallies.
  const tally = new Map<UnreadInfo, number>();
  for (const info of unread.value.values()) tally.set(info, (tally.get(info) ?? 0) + 1);
  const counts: UnreadCounts = { channels: new Map(), topics: new Map(), topicNames: new Map(), dms: new Map(), mentions: 0, feed: 0, dmTotal: 0 };
  for (const [info, n] of tally) {
    if (info.mentioned) counts.mentions += n;
    if (info.channelId !== undefined) {
      counts.channels.set(info.channelId, (counts.channels.get(info.channelId) ?? 0) + n);
      const topic = info.topic ?? "";
      const key = topicKey(info.channelId, topic);
      counts.topics.set(key, (counts.topics.get(key) ?? 0) + n);
      let names = counts.topicNames.get(info.channelId);
      if (!names) counts.topicNames.set(info.channelId, (names = new Map()));
      names.set(key, topic);
      const sub = subs.get(info.channelId);
      if (sub && !sub.is_muted) counts.feed += n;
    } else if (info.dm !== undefined) {
      counts.dms.set(info.dm, (counts.dms.get(info.dm) ?? 0) + n);
      counts.dmTotal += n;
      counts.feed += n;
    }
  }
  return counts;
});

/** The unread topics of a channel (the sidebar lists them even when they are not recent). */
export function unreadTopicsOf(channelId: number): string[] {
  return [...(unreadCounts.value.topicNames.get(channelId)?.values() ?? [])];
}
