// Unread messages by id, with where each one lives, so every count (channel, topic, direct
// conversation, mentions, the combined feed) is derived from one set: a message read anywhere
// (here, another tab, another client: update_message_flags) lowers every count at once.
import { batch, computed, signal, type Signal } from "@preact/signals";
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

// The set is large (register sends up to 50,000 ids) and changes an id or a few at a time, so
// it is kept in one Map changed in place: copying it for every new or read message cost each
// live message tens of milliseconds. `version` tells the counts it changed; each message row
// watches only its own id (rowFlags, one small signal per message ever shown), so marking one
// message read re-renders one row.
const entries = new Map<number, UnreadInfo>();
const version = signal(0);
const rowFlags = new Map<number, Signal<boolean>>();

export const topicKey = (channelId: number, topic: string) => `${channelId}\u0000${topic.toLowerCase()}`;

export interface RawUnreads {
  streams?: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms?: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
  huddles?: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions?: number[];
}

/** Tells the counts and the rows of `ids` (every row when undefined) that the set changed. */
function changed(ids?: Iterable<number>): void {
  batch(() => {
    version.value++;
    if (ids === undefined) for (const [id, flag] of rowFlags) flag.value = entries.has(id);
    else for (const id of ids) {
      const flag = rowFlags.get(id);
      if (flag) flag.value = entries.has(id);
    }
  });
}

/**
 * Loads register's unread_msgs (up to 50,000 ids). The ids of one topic or conversation share
 * their info object (one with the mention, one without), so counting goes by object.
 */
export function setUnreads(raw: RawUnreads, myUserId: number): void {
  const mentions = new Set(raw.mentions ?? []);
  entries.clear();
  const fill = (ids: number[], where: Omit<UnreadInfo, "mentioned">) => {
    const plain: UnreadInfo = { ...where, mentioned: false };
    if (mentions.size === 0) {
      for (const id of ids) entries.set(id, plain);
      return;
    }
    const mentioned: UnreadInfo = { ...where, mentioned: true };
    for (const id of ids) entries.set(id, mentions.has(id) ? mentioned : plain);
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
  changed();
}

export function addUnread(message: Message, dmPeers: number[]): void {
  if (message.flags.includes("read")) return;
  entries.set(
    message.id,
    message.type === "stream"
      ? { channelId: message.stream_id, topic: message.subject, mentioned: isMentioned(message.flags) }
      : { dm: dmPeers.join(","), mentioned: isMentioned(message.flags) },
  );
  changed([message.id]);
}

export function markRead(ids: readonly number[]): void {
  let any = false;
  for (const id of ids) if (entries.delete(id)) any = true;
  if (any) changed(ids);
}

/** "Mark all as read" (from any client): no unread message is left, loaded or not. */
export function markAllRead(): void {
  entries.clear();
  changed();
}

/** A message moved or re-topicked: its unread entry follows it. */
export function moveUnread(ids: readonly number[], channelId: number | undefined, topic: string | undefined): void {
  let any = false;
  for (const id of ids) {
    const info = entries.get(id);
    if (info?.channelId === undefined) continue;
    entries.set(id, { ...info, channelId: channelId ?? info.channelId, topic: topic ?? info.topic });
    any = true;
  }
  if (any) changed(ids);
}

/** Whether a message is unread; a component that asks re-renders when that message's flag changes. */
export function isUnread(id: number): boolean {
  let flag = rowFlags.get(id);
  if (!flag) rowFlags.set(id, (flag = signal(entries.has(id))));
  return flag.value;
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
  void version.value; // read, so that the counts follow every change of the set
  for (const info of entries.values()) tally.set(info, (tally.get(info) ?? 0) + 1);
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
