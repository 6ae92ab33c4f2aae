// Queries of POST /streams/{id}/delete_topic: a topic's messages newest first, in batches, and
// the users whose topic visibility settings outlive it.
import type { ChatDb } from "./schema.js";
import type { Message } from "./messages.js";

/** Up to `limit` of the topic's newest messages; with `readerId`, only those that user received. */
export function newestTopicMessages(db: ChatDb, streamId: number, topicKey: string, readerId: number | null, limit: number): Promise<Message[]> {
  let q = db.selectFrom("messages").selectAll("messages").where("messages.stream_id", "=", streamId).where("messages.topic_key", "=", topicKey);
  if (readerId !== null) q = q.innerJoin("user_messages", "user_messages.message_id", "messages.id").where("user_messages.user_id", "=", readerId);
  return q.orderBy("messages.id", "desc").limit(limit).execute();
}

/** Users with a visibility policy (muted, unmuted, followed) for the topic. */
export async function usersWithTopicPolicy(db: ChatDb, streamId: number, topicKey: string): Promise<number[]> {
  const rows = await db.selectFrom("user_topics").select("user_id").where("stream_id", "=", streamId).where("topic_key", "=", topicKey).where("visibility_policy", "!=", 0).execute();
  return rows.map((r) => r.user_id);
}

/** Of these users, those who still hold a message of the topic. */
export async function usersHoldingTopic(db: ChatDb, userIds: number[], streamId: number, topicKey: string): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom("user_messages")
    .innerJoin("messages", "messages.id", "user_messages.message_id")
    .select("user_messages.user_id")
    .distinct()
    .where("user_messages.user_id", "in", userIds)
    .where("messages.stream_id", "=", streamId)
    .where("messages.topic_key", "=", topicKey)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
