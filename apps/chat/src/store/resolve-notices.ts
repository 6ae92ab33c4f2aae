// The resolve-topic notices (migration 012) and what deciding about one reads: a topic's last
// message, and the subscribers' resolved_topic_notice_auto_read_policy.
import type { ChatDb } from "./schema.js";
import type { Message } from "./messages.js";

export function lastTopicMessage(db: ChatDb, streamId: number, topicKey: string): Promise<Message | undefined> {
  return db.selectFrom("messages").selectAll().where("stream_id", "=", streamId).where("topic_key", "=", topicKey).orderBy("id", "desc").limit(1).executeTakeFirst();
}

/** Whether the message is a resolve notice (the sender guards against an id reused after deletion). */
export async function isResolveNotice(db: ChatDb, message: Pick<Message, "id" | "sender_id">): Promise<boolean> {
  return Boolean(await db.selectFrom("resolve_topic_notices").select("message_id").where("message_id", "=", message.id).where("sender_id", "=", message.sender_id).executeTakeFirst());
}

export async function insertResolveNotice(db: ChatDb, messageId: number, senderId: number): Promise<void> {
  await db.insertInto("resolve_topic_notices").values({ message_id: messageId, sender_id: senderId }).execute();
}

export async function deleteResolveNotices(db: ChatDb, messageIds: number[]): Promise<void> {
  if (messageIds.length) await db.deleteFrom("resolve_topic_notices").where("message_id", "in", messageIds).execute();
}

/** Each user's resolved_topic_notice_auto_read_policy, where they set one. */
export async function autoReadPolicies(db: ChatDb, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom("user_settings").select(["user_id", "value"]).where("name", "=", "resolved_topic_notice_auto_read_policy").where("user_id", "in", userIds).execute();
  return new Map(rows.map((r) => [r.user_id, JSON.parse(r.value) as string]));
}
