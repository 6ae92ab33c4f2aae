// The message-related sections of /register: max_message_id, unread_msgs (Zulip's
// get_raw_unread_data and aggregate_unread_data), starred_messages,
// recent_private_conversations, user_topics and the legacy muted_topics.
import { sql } from "kysely";
import type { ChatDb } from "./schema.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import { EMPTY_TOPIC_DISPLAY_NAME } from "../lib/topics.js";
import { RECIPIENT_DM } from "./messages.js";
import { directStatement } from "./sqlite-reads.js";
import { VISIBILITY_FOLLOWED, VISIBILITY_MUTED, VISIBILITY_UNMUTED } from "./user-topics.js";

/** Zulip does not look further back than this many unread messages. */
export const MAX_UNREAD_MESSAGES = 50000;
const MAX_RECENT_DM_MESSAGES = 1000;

export async function messageSections(db: ChatDb, userId: number, wants: (name: string) => boolean, emptyTopicName: boolean): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (wants("message")) {
    const row = await db.selectFrom("user_messages").select((eb) => eb.fn.max("message_id").as("id")).where("user_id", "=", userId).executeTakeFirst();
    out.max_message_id = row?.id === null || row?.id === undefined ? -1 : Number(row.id);
  }
  if (wants("update_message_flags") && wants("message")) out.unread_msgs = await unreadMessages(db, userId, emptyTopicName);
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

/** message_id, flags, stream_id, topic, topic_key, recipient_id */
type UnreadTuple = [number, number, number | null, string, string, number];

/**
 * The newest MAX_UNREAD_MESSAGES unread messages of the user, oldest first. On SQLite the
 * rows come as arrays through a cached statement (tens of thousands of rows: objects would
 * cost a third more), also inside /register's snapshot transaction (sqlite-reads.ts).
 */
async function unreadRows(db: ChatDb, userId: number): Promise<UnreadTuple[]> {
  // Unreads of channels the user unsubscribed from are left out, like Zulip's
  // get_inactive_recipient_ids.
  const query = db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .select(["um.message_id", "um.flags", "m.stream_id", "m.topic", "m.topic_key", "m.recipient_id"])
    .where("um.user_id", "=", userId)
    .where(sql`um.flags & ${sql.lit(FLAG_BITS.read)}`, "=", 0)
    .where((eb) =>
      eb.or([
        eb("m.stream_id", "is", null),
        eb("m.stream_id", "not in", eb.selectFrom("subscriptions as s").select("s.stream_id").where("s.user_id", "=", userId).where("s.active", "=", 0)),
      ]),
    )
    .orderBy("um.message_id", "desc")
    .limit(MAX_UNREAD_MESSAGES)
    .compile();
  const statement = directStatement(db, query.sql);
  const rows = statement
    ? (statement.raw(true).all(query.parameters) as UnreadTuple[])
    : (await db.executeQuery(query)).rows.map((r): UnreadTuple => [r.message_id, r.flags, r.stream_id, r.topic, r.topic_key, r.recipient_id]);
  return rows.reverse();
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

async function unreadMessages(db: ChatDb, userId: number, emptyTopicName: boolean): Promise<Record<string, unknown>> {
  const rows = await unreadRows(db, userId);
  const dmIds = new Set<number>();
  for (const row of rows) if (row[2] === null) dmIds.add(row[5]);
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

  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, number[]>();
  const huddles = new Map<string, number[]>();
  const mentions: number[] = [];
  let count = 0;
  for (const [id, flags, streamId, rowTopic, topicKey, recipientId] of rows) {
    const wildcard = (flags & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0;
    let muted = false;
    if (streamId !== null) {
      muted = isMuted(streamId, topicKey);
      const topic = rowTopic === "" && !emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : rowTopic;
      const key = `${streamId}\u0000${topic.toLowerCase()}`;
      let bucket = streams.get(key);
      if (!bucket) streams.set(key, (bucket = { stream_id: streamId, topic, unread_message_ids: [] }));
      bucket.unread_message_ids.push(id);
      if (!muted) count++;
    } else {
      const recipient = recipients.get(recipientId);
      const members = (recipient?.user_ids ?? "").split(",").map(Number);
      if (recipient?.type === RECIPIENT_DM && members.length > 2) {
        const key = recipient.user_ids!;
        const ids = huddles.get(key);
        if (ids) ids.push(id);
        else huddles.set(key, [id]);
      } else {
        // 1:1 and self conversations are keyed by the other participant (oneself for a self-DM).
        const other = members.find((m) => m !== userId) ?? userId;
        const ids = pms.get(other);
        if (ids) ids.push(id);
        else pms.set(other, [id]);
      }
      count++;
    }
    if (flags & FLAG_BITS.mentioned || (wildcard && !muted)) mentions.push(id);
  }
  const streamKeys = [...streams.keys()].sort((a, b) => {
    const [sa, ta] = a.split("\u0000");
    const [sb, tb] = b.split("\u0000");
    return Number(sa) - Number(sb) || (ta < tb ? -1 : ta > tb ? 1 : 0);
  });
  return {
    // compat: sender_id is the deprecated name of other_user_id.
    pms: [...pms.keys()].sort((a, b) => a - b).map((other) => ({ other_user_id: other, sender_id: other, unread_message_ids: pms.get(other)! })),
    streams: streamKeys.map((k) => streams.get(k)!),
    huddles: [...huddles.keys()].sort().map((k) => ({ user_ids_string: k, unread_message_ids: huddles.get(k)! })),
    mentions,
    count,
    old_unreads_missing: rows.length === MAX_UNREAD_MESSAGES,
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
