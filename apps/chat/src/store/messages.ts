// Messages, recipients and user_messages rows: inserts, loads, updates, deletes, and the
// full-text index kept beside them (an FTS5 table on SQLite; PostgreSQL computes its
// tsvector column itself).
import { sql, type Insertable, type Selectable, type Updateable } from "kysely";
import type { ChatDb, Dialect, MessageTable } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export type Message = Selectable<MessageTable>;
export type NewMessage = Insertable<MessageTable>;

export const RECIPIENT_STREAM = 2;
export const RECIPIENT_DM = 3;

export const dmKey = (userIds: number[]): string => [...new Set(userIds)].sort((a, b) => a - b).join(",");

export async function streamRecipientId(db: ChatDb, realmId: number, streamId: number): Promise<number> {
  const found = await db.selectFrom("recipients").select("id").where("stream_id", "=", streamId).executeTakeFirst();
  if (found) return found.id;
  await db.insertInto("recipients").values({ realm_id: realmId, type: RECIPIENT_STREAM, stream_id: streamId, user_ids: null }).onConflict((oc) => oc.doNothing()).execute();
  return (await db.selectFrom("recipients").select("id").where("stream_id", "=", streamId).executeTakeFirstOrThrow()).id;
}

export async function dmRecipientId(db: ChatDb, realmId: number, userIds: number[], create: boolean): Promise<number | undefined> {
  const key = dmKey(userIds);
  const found = await db.selectFrom("recipients").select("id").where("realm_id", "=", realmId).where("user_ids", "=", key).executeTakeFirst();
  if (found || !create) return found?.id;
  await db.insertInto("recipients").values({ realm_id: realmId, type: RECIPIENT_DM, stream_id: null, user_ids: key }).onConflict((oc) => oc.doNothing()).execute();
  return (await db.selectFrom("recipients").select("id").where("realm_id", "=", realmId).where("user_ids", "=", key).executeTakeFirstOrThrow()).id;
}

/** Direct-message conversations of a realm that include a user, with their member ids. */
export async function dmRecipientsWith(db: ChatDb, realmId: number, userId: number): Promise<{ id: number; userIds: number[] }[]> {
  const rows = await db
    .selectFrom("recipients")
    .select(["id", "user_ids"])
    .where("realm_id", "=", realmId)
    .where("type", "=", RECIPIENT_DM)
    .where(sql<string>`',' || user_ids || ','`, "like", `%,${userId},%`)
    .execute();
  return rows.map((r) => ({ id: r.id, userIds: (r.user_ids ?? "").split(",").map(Number) }));
}

export async function recipientMembers(db: ChatDb, recipientIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!recipientIds.length) return out;
  const rows = await db.selectFrom("recipients").select(["id", "user_ids"]).where("id", "in", recipientIds).where("type", "=", RECIPIENT_DM).execute();
  for (const r of rows) out.set(r.id, (r.user_ids ?? "").split(",").map(Number));
  return out;
}

export function messageById(db: ChatDb, realmId: number, id: number): Promise<Message | undefined> {
  return db.selectFrom("messages").selectAll().where("id", "=", id).where("realm_id", "=", realmId).executeTakeFirst();
}

export function messagesByIds(db: ChatDb, ids: number[]): Promise<Message[]> {
  if (!ids.length) return Promise.resolve([]);
  // SQLite: one cached statement for any number of ids (store/sqlite-reads.ts).
  const direct = directStatement(db, "select * from messages where id in (select value from json_each(?)) order by id");
  if (direct) return Promise.resolve(direct.all(JSON.stringify(ids)) as Message[]);
  return db.selectFrom("messages").selectAll().where("id", "in", ids).orderBy("id").execute();
}

/** One message by id, in any realm (the message event of a just-committed send). */
export function messageRow(db: ChatDb, id: number): Promise<Message | undefined> {
  const direct = directStatement(db, "select * from messages where id = ?");
  if (direct) return Promise.resolve(direct.get(id) as Message | undefined);
  return db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function userMessageFlags(db: ChatDb, userId: number, messageId: number): Promise<number | undefined> {
  const row = await db.selectFrom("user_messages").select("flags").where("user_id", "=", userId).where("message_id", "=", messageId).executeTakeFirst();
  return row?.flags;
}

export async function updateMessages(db: ChatDb, dialect: Dialect, ids: number[], changes: Updateable<MessageTable>): Promise<void> {
  if (!ids.length) return;
  await db.updateTable("messages").set(changes).where("id", "in", ids).execute();
  if (dialect === "sqlite" && (changes.content !== undefined || changes.topic !== undefined)) await reindex(db, ids);
}

async function reindex(db: ChatDb, ids: number[]): Promise<void> {
  await sql`delete from messages_fts where rowid in (${sql.join(ids)})`.execute(db);
  await sql`insert into messages_fts (rowid, topic, content) select id, topic, content from messages where id in (${sql.join(ids)})`.execute(db);
}

export async function deleteMessages(db: ChatDb, dialect: Dialect, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom("reactions").where("message_id", "in", ids).execute();
  await db.deleteFrom("submessages").where("message_id", "in", ids).execute();
  await db.deleteFrom("user_messages").where("message_id", "in", ids).execute();
  await db.deleteFrom("messages").where("id", "in", ids).execute();
  if (dialect === "sqlite") await sql`delete from messages_fts where rowid in (${sql.join(ids)})`.execute(db);
}

/** Ids of a channel topic's messages, oldest first, optionally from one id on. */
export async function topicMessageIds(db: ChatDb, streamId: number, topicKey: string, fromId?: number): Promise<number[]> {
  let q = db.selectFrom("messages").select("id").where("stream_id", "=", streamId).where("topic_key", "=", topicKey);
  if (fromId !== undefined) q = q.where("id", ">=", fromId);
  return (await q.orderBy("id").execute()).map((r) => r.id);
}

export async function topicExists(db: ChatDb, streamId: number, topicKey: string): Promise<boolean> {
  const direct = directStatement(db, "select 1 from messages where stream_id = ? and topic_key = ? limit 1");
  if (direct) return direct.get(streamId, topicKey) !== undefined;
  return Boolean(await db.selectFrom("messages").select("id").where("stream_id", "=", streamId).where("topic_key", "=", topicKey).limit(1).executeTakeFirst());
}

/** Distinct senders of a topic (its participants, for topic wildcard mentions). */
export async function topicParticipantCount(db: ChatDb, streamId: number, topicKey: string): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.count<number>("sender_id").distinct().as("n"))
    .where("stream_id", "=", streamId)
    .where("topic_key", "=", topicKey)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function topicParticipants(db: ChatDb, streamId: number, topicKey: string): Promise<number[]> {
  const rows = await db.selectFrom("messages").select("sender_id").distinct().where("stream_id", "=", streamId).where("topic_key", "=", topicKey).execute();
  return rows.map((r) => r.sender_id);
}

export async function hasConversation(db: ChatDb, recipientId: number): Promise<boolean> {
  return Boolean(await db.selectFrom("messages").select("id").where("recipient_id", "=", recipientId).limit(1).executeTakeFirst());
}

export async function maxMessageId(db: ChatDb): Promise<number> {
  const row = await db.selectFrom("messages").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The newest message of each topic of a channel, newest first; with `userId`, only among the messages that user received. */
export async function latestTopicMessages(db: ChatDb, streamId: number, userId: number | null): Promise<{ id: number; topic: string }[]> {
  // Without a user, the topics are walked one index seek each (a loose index scan over
  // (stream_id, topic_key, id)) instead of reading every message of the channel: 55 ms
  // against 0.5 ms for a channel of 1,000,000 messages in 100 topics.
  const latest =
    userId === null
      ? sql<{ id: number }>`with recursive keys(k) as (
          select (select topic_key from messages where stream_id = ${streamId} order by topic_key limit 1)
          union all
          select (select m.topic_key from messages m where m.stream_id = ${streamId} and m.topic_key > keys.k order by m.topic_key limit 1) from keys where keys.k is not null
        )
        select (select max(id) from messages where stream_id = ${streamId} and topic_key = keys.k) as id from keys where keys.k is not null`
      : sql<{ id: number }>`select max(m.id) as id from messages m join user_messages um on um.message_id = m.id and um.user_id = ${userId} where m.stream_id = ${streamId} group by m.topic_key`;
  const ids = (await latest.execute(db)).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.selectFrom("messages").select(["id", "topic"]).where("id", "in", ids).orderBy("id", "desc").execute();
}

/** Every recipient's flags for one message. */
export function messageRecipientFlags(db: ChatDb, messageId: number): Promise<{ user_id: number; flags: number }[]> {
  return db.selectFrom("user_messages").select(["user_id", "flags"]).where("message_id", "=", messageId).execute();
}
