// The message-related sections of /register: max_message_id, unread_msgs (Zulip's
// get_raw_unread_data and aggregate_unread_data), starred_messages,
// recent_private_conversations, user_topics and the legacy muted_topics.
import { sql } from "kysely";
import type { ChatDb } from "./schema.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import type { Dialect } from "@beacon/platform";
import { EMPTY_TOPIC_DISPLAY_NAME, topicKey } from "../lib/topics.js";
import { RECIPIENT_DM } from "./messages.js";
import { directStatement } from "./sqlite-reads.js";
import { ascending, cachedUnreadGroups, idList, MAX_UNREAD_MESSAGES, type UnreadGroup } from "./unread-cache.js";
import { VISIBILITY_FOLLOWED, VISIBILITY_MUTED, VISIBILITY_UNMUTED } from "./user-topics.js";

export { MAX_UNREAD_MESSAGES };
const MAX_RECENT_DM_MESSAGES = 1000;

export async function messageSections(db: ChatDb, dialect: Dialect, userId: number, wants: (name: string) => boolean, emptyTopicName: boolean): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (wants("message")) {
    const row = await db.selectFrom("user_messages").select((eb) => eb.fn.max("message_id").as("id")).where("user_id", "=", userId).executeTakeFirst();
    out.max_message_id = row?.id === null || row?.id === undefined ? -1 : Number(row.id);
  }
  if (wants("update_message_flags") && wants("message")) out.unread_msgs = await unreadMessages(db, dialect, userId, emptyTopicName, true);
  if (wants("starred_messages")) {
    const rows = await db.selectFrom("user_messages").select("message_id").where("user_id", "=", userId).where(sql`flags & ${sql.lit(FLAG_BITS.starred)}`, "<>", 0).orderBy("message_id").execute();
    out.starred_messages = rows.map((r) => r.message_id);
  }
  if (wants("recent_private_conversations")) out.recent_private_conversations = await recentConversations(db, userId);
  if (wants("user_topic") || wants("muted_topics")) {
    const rows = await db
      .selectFrom("user_topics as ut")
      .innerJoin("streams as s", "s.id", "ut.stream_id")
      .select(["ut.stream_id", "ut.topic_name", "ut.last_updated", "ut.visibility_policy", "s.name as stream_name"])
      .where("ut.user_id", "=", userId)
      .where("s.deactivated", "=", 0)
      .orderBy("ut.last_updated")
      .execute();
    const topicName = (name: string) => (name === "" && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : name);
    if (wants("user_topic")) {
      out.user_topics = rows.map((r) => ({ stream_id: r.stream_id, topic_name: topicName(r.topic_name), last_updated: Math.floor(r.last_updated / 1000), visibility_policy: r.visibility_policy }));
    }
    // compat: muted_topics is the pre-user_topic form, sent only to clients not asking for both.
    if (wants("muted_topics") && !wants("user_topic")) {
      out.muted_topics = rows.filter((r) => r.visibility_policy === VISIBILITY_MUTED).map((r) => [r.stream_name, r.topic_name, Math.floor(r.last_updated / 1000)]);
    }
  }
  return out;
}

const MENTIONED = FLAG_BITS.mentioned;
const WILDCARD = FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned;

/**
 * The newest MAX_UNREAD_MESSAGES unread messages of the user. Unreads of channels the user
 * unsubscribed from are left out, like Zulip's get_inactive_recipient_ids.
 */
function unreadQuery(db: ChatDb, userId: number) {
  return db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .select(["um.message_id", "um.flags", "m.stream_id", "m.topic", "m.topic_key", "m.recipient_id"])
    .where("um.user_id", "=", userId)
    // Word for word the WHERE of user_messages_unread_flags (migration 026), which holds the
    // flags too, so that this query, and only this one, reads its rows from that index alone.
    .where(sql<boolean>`(um.flags & ${sql.lit(FLAG_BITS.read)}) = 0 and um.flags >= 0`)
    .where((eb) =>
      eb.or([
        eb("m.stream_id", "is", null),
        eb("m.stream_id", "not in", eb.selectFrom("subscriptions as s").select("s.stream_id").where("s.user_id", "=", userId).where("s.active", "=", 0)),
      ]),
    )
    .orderBy("um.message_id", "desc")
    .limit(MAX_UNREAD_MESSAGES);
}

/** stream_id, topic, topic_key, recipient_id, ids, mentioned, wildcard (the id lists as comma-separated text) */
type GroupTuple = [number | null, string, string, number, string, string | null, string | null];


/**
 * The unread messages grouped by conversation. On SQLite they come from the cache kept up to
 * date by unread-cache.ts when `cached` (and a direct read is possible); read in full, the grouping is done by the database
 * (tens of thousands of rows would otherwise each become a JavaScript array with two strings,
 * about 40% of the section's time), through a cached statement returning arrays, also inside
 * /register's snapshot transaction (sqlite-reads.ts); on PostgreSQL the rows are grouped here.
 */
async function unreadGroups(db: ChatDb, dialect: Dialect, userId: number, cached: boolean): Promise<UnreadGroup[]> {
  if (dialect === "postgres") return groupUnreadRows((await unreadQuery(db, userId).execute()).reverse());
  const fromCache = cached ? cachedUnreadGroups(db, userId) : undefined;
  if (fromCache) return fromCache;
  // A bare column beside exactly one min() takes its value from the row holding the minimum
  // (SQLite's documented rule): the topic of the oldest unread message.
  const query = db
    .selectFrom(unreadQuery(db, userId).as("u"))
    .select([
      "u.stream_id",
      "u.topic",
      "u.topic_key",
      "u.recipient_id",
      // In no set order (an ORDER BY per list costs the database a sort each): sorted below.
      sql<string>`group_concat(u.message_id)`.as("ids"),
      sql<string | null>`group_concat(u.message_id) filter (where u.flags & ${sql.lit(MENTIONED)} <> 0)`.as("mentioned"),
      sql<string | null>`group_concat(u.message_id) filter (where u.flags & ${sql.lit(WILDCARD)} <> 0)`.as("wildcard"),
      sql<number>`min(u.message_id)`.as("first"),
    ])
    .groupBy(["u.stream_id", "u.topic_key", sql`case when u.stream_id is null then u.recipient_id end`])
    .compile();
  const statement = directStatement(db, query.sql);
  const rows = statement
    ? (statement.raw(true).all(query.parameters) as GroupTuple[])
    : (await db.executeQuery(query)).rows.map((r): GroupTuple => [r.stream_id, r.topic, r.topic_key, r.recipient_id, r.ids, r.mentioned, r.wildcard]);
  return rows.map(([streamId, topic, topicKey, recipientId, ids, mentioned, wildcard]) => ({ streamId, topic, topicKey, recipientId, ids: idList(ids), mentioned: idList(mentioned), wildcard: idList(wildcard) }));
}

/** The same groups from the rows themselves, oldest first. */
function groupUnreadRows(rows: { message_id: number; flags: number; stream_id: number | null; topic: string; topic_key: string; recipient_id: number }[]): UnreadGroup[] {
  const groups = new Map<string, UnreadGroup>();
  for (const row of rows) {
    const key = row.stream_id === null ? `dm\u0000${row.recipient_id}` : `${row.stream_id}\u0000${row.topic_key}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { streamId: row.stream_id, topic: row.topic, topicKey: row.topic_key, recipientId: row.recipient_id, ids: [], mentioned: [], wildcard: [] }));
    group.ids.push(row.message_id);
    if (row.flags & MENTIONED) group.mentioned.push(row.message_id);
    if (row.flags & WILDCARD) group.wildcard.push(row.message_id);
  }
  return [...groups.values()];
}

/** The type and members of direct-message recipients, by id. */
async function dmRecipients(db: ChatDb, ids: number[]): Promise<Map<number, { type: number; user_ids: string | null }>> {
  const out = new Map<number, { type: number; user_ids: string | null }>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.selectFrom("recipients").select(["id", "type", "user_ids"]).where("id", "in", ids.slice(i, i + 1000)).execute();
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** Appends `more` to `ids` (a loop: spreading 50,000 arguments could overflow the stack). */
function append(ids: number[], more: number[]): void {
  for (const id of more) ids.push(id);
}

/** Appends `more` to the ids kept under `key`, keeping them ascending. */
function addIds<K>(map: Map<K, number[]>, key: K, more: number[]): void {
  const ids = map.get(key);
  if (!ids) map.set(key, more.slice());
  else {
    append(ids, more);
    ids.sort(ascending);
  }
}

/**
 * /register's unread_msgs. `cached`: the groups from unread-cache.ts (SQLite); false reads them
 * in full, as the cache's tests compare.
 */
export async function unreadMessages(db: ChatDb, dialect: Dialect, userId: number, emptyTopicName: boolean, cached: boolean): Promise<Record<string, unknown>> {
  const groups = await unreadGroups(db, dialect, userId, cached);
  const dmIds = new Set<number>();
  for (const group of groups) if (group.streamId === null) dmIds.add(group.recipientId);
  const recipients = dmIds.size ? await dmRecipients(db, [...dmIds]) : new Map<number, { type: number; user_ids: string | null }>();

  const subs = await db.selectFrom("subscriptions").select(["stream_id", "is_muted"]).where("user_id", "=", userId).where("is_muted", "=", 1).execute();
  const mutedStreams = new Set(subs.map((s) => s.stream_id));
  const policies = new Map<string, number>();
  for (const t of await db.selectFrom("user_topics").select(["stream_id", "topic_key", "visibility_policy"]).where("user_id", "=", userId).execute()) {
    policies.set(`${t.stream_id}\u0000${t.topic_key}`, t.visibility_policy);
  }
  const isMuted = (streamId: number, topicKey: string) => {
    const policy = policies.get(`${streamId}\u0000${topicKey}`);
    if (mutedStreams.has(streamId)) return policy !== VISIBILITY_UNMUTED && policy !== VISIBILITY_FOLLOWED;
    return policy === VISIBILITY_MUTED;
  };

  // Buckets by channel and topic as shown (the empty topic under its display name when the
  // client does not take empty names), as Zulip's aggregate_unread_data keys them.
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  let total = 0;
  for (const group of groups) {
    total += group.ids.length;
    append(mentions, group.mentioned);
    if (group.streamId !== null) {
      const muted = isMuted(group.streamId, topicKey(group.topic));
      const topic = group.topic === "" && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : group.topic;
      const key = `${group.streamId}\u0000${topic.toLowerCase()}`;
      const bucket = streams.get(key);
      if (!bucket) streams.set(key, { stream_id: group.streamId, topic, unread_message_ids: group.ids.slice() });
      else {
        append(bucket.unread_message_ids, group.ids);
        bucket.unread_message_ids.sort(ascending);
        // The bucket is named after its oldest message's topic.
        if (bucket.unread_message_ids[0] === group.ids[0]) bucket.topic = topic;
      }
      if (!muted) {
        count += group.ids.length;
        // Wildcard mentions count only where the topic is not muted.
        append(mentions, group.wildcard);
      }
    } else {
      const recipient = recipients.get(group.recipientId);
      const members = (recipient?.user_ids ?? "").split(",").map(Number);
      if (recipient?.type === RECIPIENT_DM && members.length > 2) addIds(huddles, recipient.user_ids!, group.ids);
      // 1:1 and self conversations are keyed by the other participant (oneself for a self-DM).
      else addIds(pms, members.find((m) => m !== userId) ?? userId, group.ids);
      count += group.ids.length;
      append(mentions, group.wildcard);
    }
  }
  const streamKeys = [...streams.keys()].sort((a, b) => {
    const [sa, ta] = a.split("\u0000");
    const [sb, tb] = b.split("\u0000");
    return Number(sa) - Number(sb) || (ta < tb ? -1 : ta > tb ? 1 : 0);
  });
  return {
    // compat: sender_id is the deprecated name of other_user_id.
    pms: [...pms.keys()].sort(ascending).map((other) => ({ other_user_id: other, sender_id: other, unread_message_ids: pms.get(other)! })),
    streams: streamKeys.map((k) => streams.get(k)!),
    huddles: [...huddles.keys()].sort().map((k) => ({ user_ids_string: k, unread_message_ids: huddles.get(k)! })),
    // A message can be both mentioned and wildcard-mentioned: once, in order.
    mentions: [...new Set(mentions)].sort(ascending),
    count,
    old_unreads_missing: total === MAX_UNREAD_MESSAGES,
  };
}

async function recentConversations(db: ChatDb, userId: number): Promise<{ max_message_id: number; user_ids: number[] }[]> {
  const recent = await db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .select(["m.recipient_id", "um.message_id"])
    .where("um.user_id", "=", userId)
    .where(sql`um.flags & ${sql.lit(FLAG_BITS.is_private)}`, "<>", 0)
    .orderBy("um.message_id", "desc")
    .limit(MAX_RECENT_DM_MESSAGES)
    .execute();
  const latest = new Map<number, number>();
  for (const r of recent) if (!latest.has(r.recipient_id)) latest.set(r.recipient_id, r.message_id);
  if (!latest.size) return [];
  const recipients = await db.selectFrom("recipients").select(["id", "user_ids"]).where("id", "in", [...latest.keys()]).execute();
  const members = new Map(recipients.map((r) => [r.id, (r.user_ids ?? "").split(",").map(Number)]));
  return [...latest]
    .map(([recipientId, max]) => ({ max_message_id: max, user_ids: (members.get(recipientId) ?? []).filter((id) => id !== userId).sort((a, b) => a - b) }))
    .sort((a, b) => b.max_message_id - a.max_message_id);
}
