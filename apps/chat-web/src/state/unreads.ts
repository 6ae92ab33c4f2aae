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

// The set is large (register sends up to 50,000 ids) and changes an id or a few at a time.
// The counts come from `tally`: how many unread ids each info object has (a few hundred
// entries, kept up to date as ids come and go). Which info an id has (`index`) is needed only
// when an id changes, so that Map is built when first asked for, or once the browser is idle,
// not while the first view waits: its 50,000 inserts took 40–80 ms on a slow machine. Message
// rows don't ask this store: a message's own flags say whether it is read.
const tally = new Map<UnreadInfo, number>();
let index: Map<number, UnreadInfo> | null = new Map();
/** register's lists, until the index is built from them: ids, their info, their info if mentioned */
let unindexed: [ids: number[], plain: UnreadInfo, mentioned: UnreadInfo][] = [];
let mentionIds = new Set<number>();
const version = signal(0);

export const topicKey = (channelId: number, topic: string) => `${channelId}\u0000${topic.toLowerCase()}`;

export interface RawUnreads {
  streams?: { stream_id: number; topic: string; unread_message_ids: number[] }[];
  pms?: { other_user_id?: number; sender_id?: number; unread_message_ids: number[] }[];
  huddles?: { user_ids_string: string; unread_message_ids: number[] }[];
  mentions?: number[];
}

function count(info: UnreadInfo, by: number): void {
  const n = (tally.get(info) ?? 0) + by;
  if (n > 0) tally.set(info, n);
  else tally.delete(info);
}

/** id -> info for every unread id, built from register's lists the first time it is needed. */
function indexed(): Map<number, UnreadInfo> {
  if (index) return index;
  const built = new Map<number, UnreadInfo>();
  for (const [ids, plain, mentioned] of unindexed) {
    if (mentionIds.size === 0) for (const id of ids) built.set(id, plain);
    else for (const id of ids) built.set(id, mentionIds.has(id) ? mentioned : plain);
  }
  unindexed = [];
  mentionIds = new Set();
  return (index = built);
}

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 0);
}

/**
 * Loads register's unread_msgs (up to 50,000 ids). The ids of one topic or conversation share
 * their info object (one with the mention, one without), so counting goes by object.
 */
export function setUnreads(raw: RawUnreads, myUserId: number): void {
  const mentions = new Set(raw.mentions ?? []);
  tally.clear();
  unindexed = [];
  mentionIds = mentions;
  const add = (ids: number[], where: Omit<UnreadInfo, "mentioned">) => {
    const plain: UnreadInfo = { ...where, mentioned: false };
    const mentioned: UnreadInfo = { ...where, mentioned: true };
    let n = 0;
    if (mentions.size > 0) for (const id of ids) if (mentions.has(id)) n++;
    count(plain, ids.length - n);
    count(mentioned, n);
    unindexed.push([ids, plain, mentioned]);
  };
  for (const s of raw.streams ?? []) add(s.unread_message_ids, { channelId: s.stream_id, topic: s.topic });
  for (const p of raw.pms ?? []) {
    const other = p.other_user_id ?? p.sender_id ?? myUserId;
    add(p.unread_message_ids, { dm: other === myUserId ? "" : String(other) });
  }
  for (const h of raw.huddles ?? []) {
    const peers = h.user_ids_string.split(",").map(Number).filter((id) => id !== myUserId).sort((a, b) => a - b).join(",");
    add(h.unread_message_ids, { dm: peers });
  }
  index = null;
  whenIdle(indexed);
  version.value++;
}

export function addUnread(message: Message, dmPeers: number[]): void {
  if (message.flags.includes("read")) return;
  const all = indexed();
  const before = all.get(message.id);
  if (before) count(before, -1);
  const info: UnreadInfo =
    message.type === "stream"
      ? { channelId: message.stream_id, topic: message.subject, mentioned: isMentioned(message.flags) }
      : { dm: dmPeers.join(","), mentioned: isMentioned(message.flags) };
  all.set(message.id, info);
  count(info, 1);
  version.value++;
}

export function markRead(ids: readonly number[]): void {
  const all = indexed();
  let changed = false;
  for (const id of ids) {
    const info = all.get(id);
    if (!info) continue;
    all.delete(id);
    count(info, -1);
    changed = true;
  }
  if (changed) version.value++;
}

/** "Mark all as read" (from any client): no unread message is left, loaded or not. */
export function markAllRead(): void {
  tally.clear();
  index = new Map();
  unindexed = [];
  mentionIds = new Set();
  version.value++;
}

/** A message moved or re-topicked: its unread entry follows it. */
export function moveUnread(ids: readonly number[], channelId: number | undefined, topic: string | undefined): void {
  const all = indexed();
  let changed = false;
  for (const id of ids) {
    const info = all.get(id);
    if (info?.channelId === undefined) continue;
    const moved = { ...info, channelId: channelId ?? info.channelId, topic: topic ?? info.topic };
    all.set(id, moved);
    count(info, -1);
    count(moved, 1);
    changed = true;
  }
  if (changed) version.value++;
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
  void version.value; // read, so that the counts follow every change of the set
  // Ids share info objects (setUnreads): fold the few hundred tallies.
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
