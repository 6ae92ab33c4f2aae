// SQLite: each user's unread messages grouped by conversation (the input of /register's
// unread section, store/register-messages.ts), kept in memory per database handle and brought
// up to date on each read instead of read again in full. Reading the newest 50,000 unread
// messages of a user and grouping them costs SQLite tens of milliseconds (a lookup of each
// message's row and a sort); bringing the groups up to date costs a few index lookups:
//
// - messages sent since the last read: the user's unread rows from the newest message id seen
//   then (ids are handed out in commit order on SQLite, and only a send inserts unread rows);
// - everything else that changes the section (read or unread again, mention flags, a move, a
//   deletion, a subscription made inactive) is logged by triggers in unread_changes (migration
//   033), whichever process or connection made it: the rows of the messages named there are
//   read again;
// - a log entry without a message, too many changes, or a log pruned past the groups' place:
//   everything is read again.
//
// The groups hold exactly the user's newest MAX_UNREAD_MESSAGES unread rows (those in channels
// they unsubscribed from left out), as the full query would return them: when reads leave
// fewer, the next older ones are read; when sends bring more, the oldest are dropped. Each
// group's topic is its oldest message's, as the full query's is.
//
// Reads are synchronous statements on the raw handle (sqlite-reads.ts): inside /register's
// snapshot transaction, or with no transaction open, so no other request's query interleaves.
// Outside a transaction another process may commit between two statements: the log position
// and the newest id are read first, so a change seen early is applied again next time, which
// is harmless (every change is applied by reading the current row).
import type { Database } from "@beacon/platform";
import type { Statement } from "better-sqlite3";
import { FLAG_BITS } from "../lib/message-flags.js";
import type { ChatDatabase, ChatDb } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

type Handle = NonNullable<Database<ChatDatabase>["sqlite"]>;

/** Zulip does not look further back than this many unread messages. */
export const MAX_UNREAD_MESSAGES = 50000;

const MENTIONED = FLAG_BITS.mentioned;
const WILDCARD = FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/** The unread messages of one conversation: a channel's topic, or a direct-message recipient. */
export interface UnreadGroup {
  streamId: number | null;
  /** the topic of the group's oldest unread message */
  topic: string;
  topicKey: string;
  recipientId: number;
  /** ascending, as every id list below */
  ids: number[];
  /** those that mention the user personally (or a group of theirs) */
  mentioned: number[];
  /** those with a channel or topic wildcard mention */
  wildcard: number[];
}

// The user's unread rows (with their conversation), in channels they did not unsubscribe
// from. The WHERE on flags is word for word the unread index's (migration 026), which carries
// the flags: SQLite reads the user_messages side from that index alone.
const UNREAD_ROWS = `select um.message_id, um.flags, m.stream_id, m.topic, m.topic_key, m.recipient_id
  from user_messages um join messages m on m.id = um.message_id
  where um.user_id = @user and (um.flags & ${FLAG_BITS.read}) = 0 and um.flags >= 0
    and (m.stream_id is null or m.stream_id not in (select s.stream_id from subscriptions s where s.user_id = @user and s.active = 0))`;

// The newest MAX_UNREAD_MESSAGES grouped by SQLite (rows turned into JavaScript values one by
// one cost more than the grouping). A bare column beside exactly one min() takes its value
// from the row holding the minimum (SQLite's documented rule): the topic of the oldest.
// The lists come in no set order (an ORDER BY per list costs a sort each): sorted here.
const GROUPED = `select u.stream_id, u.topic, u.topic_key, u.recipient_id, group_concat(u.message_id),
    group_concat(u.message_id) filter (where u.flags & ${MENTIONED} <> 0),
    group_concat(u.message_id) filter (where u.flags & ${WILDCARD} <> 0), min(u.message_id)
  from (${UNREAD_ROWS} order by um.message_id desc limit ${MAX_UNREAD_MESSAGES}) u
  group by u.stream_id, u.topic_key, case when u.stream_id is null then u.recipient_id end`;

const ROWS_FROM = `${UNREAD_ROWS} and um.message_id >= @id`;
const ROWS_OF = `${UNREAD_ROWS} and um.message_id in (select value from json_each(@ids))`;
const ROWS_BELOW = `${UNREAD_ROWS} and um.message_id < @id order by um.message_id desc limit @limit`;
const CHANGES = "select message_id from unread_changes where user_id in (@user, 0) and seq > @seq order by seq limit @limit";
// Two subqueries: SQLite answers a lone max() or min() from the key's ends, both in one
// SELECT by reading every row.
const LOG_BOUNDS = "select (select max(seq) from unread_changes), (select min(seq) from unread_changes)";
const NEWEST = "select max(id) from messages";
const TOPIC = "select topic from messages where id = ?";

type Row = [messageId: number, flags: number, streamId: number | null, topic: string, topicKey: string, recipientId: number];

/** More changes than this at once: read everything again. */
const MAX_CHANGES = 5000;
/** Unread ids kept in memory per handle, over all users (about 60 bytes each). */
const MAX_CACHED_IDS = 400_000;

export const ascending = (a: number, b: number) => a - b;
/** A `group_concat` of ids (in no set order) as an ascending list. */
export const idList = (text: string | null): number[] => (text ? text.split(",").map(Number).sort(ascending) : []);

/** Where `id` is or would go in the ascending list. */
function position(list: number[], id: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(list: number[], id: number): void {
  if (!list.length || list[list.length - 1] < id) list.push(id);
  else list.splice(position(list, id), 0, id);
}

function removeSorted(list: number[], id: number): void {
  const at = position(list, id);
  if (list[at] === id) list.splice(at, 1);
}

const groupKey = (streamId: number | null, topicKey: string, recipientId: number) => (streamId === null ? `d${recipientId}\u0000${topicKey}` : `s${streamId}\u0000${topicKey}`);

class UserUnreads {
  readonly groups = new Map<string, UnreadGroup>();
  private readonly byId = new Map<number, UnreadGroup>();
  total = 0;
  /** Every unread row with an id from this one on is held (0: every unread row). */
  floor = 0;
  /** The newest message id when last read: rows from it on are read again each time. */
  newest = 0;
  /** The last unread_changes entry applied. */
  logSeq = 0;
  /** Groups whose oldest message changed by a removal: their topic is read again. */
  private readonly staleTopics = new Set<UnreadGroup>();

  static fromGroups(rows: unknown[][], newest: number, logSeq: number): UserUnreads {
    const out = new UserUnreads();
    let oldest = Infinity;
    for (const [streamId, topic, topicKey, recipientId, ids, mentioned, wildcard] of rows as [number | null, string, string, number, string, string | null, string | null][]) {
      const group: UnreadGroup = { streamId, topic, topicKey, recipientId, ids: idList(ids), mentioned: idList(mentioned), wildcard: idList(wildcard) };
      out.groups.set(groupKey(streamId, topicKey, recipientId), group);
      for (const id of group.ids) out.byId.set(id, group);
      out.total += group.ids.length;
      if (group.ids[0] < oldest) oldest = group.ids[0];
    }
    out.floor = out.total >= MAX_UNREAD_MESSAGES ? oldest : 0;
    out.newest = newest;
    out.logSeq = logSeq;
    return out;
  }

  remove(id: number): void {
    const group = this.byId.get(id);
    if (!group) return;
    this.byId.delete(id);
    const wasOldest = group.ids[0] === id;
    removeSorted(group.ids, id);
    removeSorted(group.mentioned, id);
    removeSorted(group.wildcard, id);
    this.total--;
    if (!group.ids.length) {
      this.groups.delete(groupKey(group.streamId, group.topicKey, group.recipientId));
      this.staleTopics.delete(group);
    } else if (wasOldest) this.staleTopics.add(group);
  }

  add([id, flags, streamId, topic, topicKey, recipientId]: Row): void {
    if (this.byId.has(id)) this.remove(id);
    const key = groupKey(streamId, topicKey, recipientId);
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { streamId, topic, topicKey, recipientId, ids: [], mentioned: [], wildcard: [] }));
    if (!group.ids.length || id < group.ids[0]) {
      group.topic = topic;
      this.staleTopics.delete(group);
    }
    insertSorted(group.ids, id);
    if (flags & MENTIONED) insertSorted(group.mentioned, id);
    if (flags & WILDCARD) insertSorted(group.wildcard, id);
    this.byId.set(id, group);
    this.total++;
  }

  /** Drops the `count` oldest ids. */
  dropOldest(count: number): void {
    if (count <= 64) {
      for (let i = 0; i < count; i++) {
        let oldest: UnreadGroup | undefined;
        for (const group of this.groups.values()) if (!oldest || group.ids[0] < oldest.ids[0]) oldest = group;
        this.remove(oldest!.ids[0]);
      }
    } else {
      const all = Float64Array.from(this.byId.keys()).sort();
      for (let i = 0; i < count; i++) this.remove(all[i]);
    }
    let oldest = Infinity;
    for (const group of this.groups.values()) if (group.ids[0] < oldest) oldest = group.ids[0];
    this.floor = oldest === Infinity ? 0 : oldest;
  }

  fixTopics(topicOf: (id: number) => string | undefined): void {
    for (const group of this.staleTopics) {
      const topic = topicOf(group.ids[0]);
      if (topic !== undefined) group.topic = topic;
    }
    this.staleTopics.clear();
  }
}

class HandleUnreads {
  /** least recently used first */
  readonly users = new Map<number, UserUnreads>();

  get(userId: number): UserUnreads | undefined {
    const entry = this.users.get(userId);
    if (entry) {
      this.users.delete(userId);
      this.users.set(userId, entry);
    }
    return entry;
  }

  set(userId: number, entry: UserUnreads): void {
    this.users.delete(userId);
    this.users.set(userId, entry);
    let held = 0;
    for (const e of this.users.values()) held += e.total;
    for (const [id, e] of this.users) {
      if (held <= MAX_CACHED_IDS || id === userId) break;
      this.users.delete(id);
      held -= e.total;
    }
  }
}

const caches = new WeakMap<object, HandleUnreads>();

/**
 * The user's newest MAX_UNREAD_MESSAGES unread messages grouped by conversation, from the
 * handle's cache brought up to date; undefined when no direct read is possible now (PostgreSQL,
 * or another request's transaction holds the connection): the caller reads them in full.
 * The groups are the cache's: callers must not change them.
 */
export function cachedUnreadGroups(db: ChatDb, userId: number): UnreadGroup[] | undefined {
  const statement = (text: string) => directStatement(db, text);
  const grouped = statement(GROUPED);
  const from = statement(ROWS_FROM);
  const of = statement(ROWS_OF);
  const below = statement(ROWS_BELOW);
  const changes = statement(CHANGES);
  const bounds = statement(LOG_BOUNDS);
  const newestQuery = statement(NEWEST);
  const topicQuery = statement(TOPIC);
  if (!grouped || !from || !of || !below || !changes || !bounds || !newestQuery || !topicQuery) return undefined;
  const handle = handleOf(grouped);
  let cache = caches.get(handle);
  if (!cache) caches.set(handle, (cache = new HandleUnreads()));

  // The log position and the newest id first (see the top of this file).
  const [logMax, logMin] = bounds.raw(true).get() as [number | null, number | null];
  const logSeq = logMax ?? 0;
  const newest = (newestQuery.pluck().get() as number | null) ?? 0;
  const rebuild = () => {
    const entry = UserUnreads.fromGroups(grouped.raw(true).all({ user: userId }) as unknown[][], newest, logSeq);
    cache.set(userId, entry);
    return [...entry.groups.values()];
  };

  const entry = cache.get(userId);
  if (!entry) return rebuild();
  // Entries past the ones applied were pruned.
  if (entry.logSeq < logSeq && (logMin === null || logMin > entry.logSeq + 1)) return rebuild();
  const changed = entry.logSeq < logSeq ? (changes.raw(true).all({ user: userId, seq: entry.logSeq, limit: MAX_CHANGES + 1 }) as [number | null][]) : [];
  if (changed.length > MAX_CHANGES || changed.some(([id]) => id === null)) return rebuild();
  const fresh = from.raw(true).all({ user: userId, id: entry.newest }) as Row[];
  if (fresh.length > MAX_CHANGES) return rebuild();

  const ids = new Set<number>(changed.map(([id]) => id!));
  const rows = new Map<number, Row>();
  for (const row of fresh) rows.set(row[0], row);
  const again = [...ids].filter((id) => !rows.has(id));
  for (let i = 0; i < again.length; i += 500) for (const row of of.raw(true).all({ user: userId, ids: JSON.stringify(again.slice(i, i + 500)) }) as Row[]) rows.set(row[0], row);
  for (const id of ids) entry.remove(id);
  for (const [id, row] of rows) if (entry.floor === 0 || id >= entry.floor) entry.add(row);
  if (entry.total > MAX_UNREAD_MESSAGES) entry.dropOldest(entry.total - MAX_UNREAD_MESSAGES);
  else if (entry.total < MAX_UNREAD_MESSAGES && entry.floor > 0) {
    const want = MAX_UNREAD_MESSAGES - entry.total;
    const older = below.raw(true).all({ user: userId, id: entry.floor, limit: want }) as Row[];
    for (const row of older) entry.add(row);
    entry.floor = older.length < want ? 0 : older[older.length - 1][0];
  }
  entry.fixTopics((id) => topicQuery.pluck().get(id) as string | undefined);
  entry.newest = newest;
  entry.logSeq = logSeq;
  cache.set(userId, entry);
  return [...entry.groups.values()];
}

/** The database handle a statement belongs to (better-sqlite3's `database` property). */
const handleOf = (statement: Statement): Handle => (statement as unknown as { database: Handle }).database;
