// Per-user topic visibility (Zulip's UserTopic): muted, unmuted, followed.
import type { Selectable } from "kysely";
import type { ChatDb, UserTopicTable } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export type UserTopic = Selectable<UserTopicTable>;

export const VISIBILITY_INHERIT = 0;
export const VISIBILITY_MUTED = 1;
export const VISIBILITY_UNMUTED = 2;
export const VISIBILITY_FOLLOWED = 3;

export async function userTopicPolicies(db: ChatDb, userIds: number[], streamId: number, topicKey: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  // Every channel send reads this: one cached statement on SQLite (store/sqlite-reads.ts).
  const direct = directStatement(db, "select user_id, visibility_policy from user_topics where stream_id = ? and topic_key = ? and user_id in (select value from json_each(?))");
  const rows = direct
    ? (direct.all(streamId, topicKey, JSON.stringify(userIds)) as { user_id: number; visibility_policy: number }[])
    : await db.selectFrom("user_topics").select(["user_id", "visibility_policy"]).where("stream_id", "=", streamId).where("topic_key", "=", topicKey).where("user_id", "in", userIds).execute();
  for (const r of rows) out.set(r.user_id, r.visibility_policy);
  return out;
}

export function userTopicsOfUser(db: ChatDb, userId: number): Promise<UserTopic[]> {
  return db.selectFrom("user_topics").selectAll().where("user_id", "=", userId).orderBy("last_updated").execute();
}

/**
 * Sets a policy; INHERIT removes the row. An upsert, so that concurrent sends to a new
 * topic (each following it automatically) cannot collide on the primary key.
 */
export async function setUserTopic(db: ChatDb, row: UserTopic): Promise<void> {
  if (row.visibility_policy === VISIBILITY_INHERIT) {
    await db.deleteFrom("user_topics").where("user_id", "=", row.user_id).where("stream_id", "=", row.stream_id).where("topic_key", "=", row.topic_key).execute();
    return;
  }
  const { user_id: _u, stream_id: _s, topic_key: _t, ...changes } = row;
  await db
    .insertInto("user_topics")
    .values(row)
    .onConflict((oc) => oc.columns(["user_id", "stream_id", "topic_key"]).doUpdateSet(changes))
    .execute();
}

/** Moves every user's policy for a topic to a new channel/topic (topic moves with change_all). */
export async function moveUserTopics(db: ChatDb, from: { streamId: number; topicKey: string }, to: { streamId: number; topicKey: string; topicName: string }): Promise<void> {
  const rows = await db.selectFrom("user_topics").selectAll().where("stream_id", "=", from.streamId).where("topic_key", "=", from.topicKey).execute();
  for (const row of rows) {
    await db.deleteFrom("user_topics").where("user_id", "=", row.user_id).where("stream_id", "=", from.streamId).where("topic_key", "=", from.topicKey).execute();
    await setUserTopic(db, { ...row, stream_id: to.streamId, topic_key: to.topicKey, topic_name: to.topicName });
  }
}
