// What moving messages to another channel reads and writes besides the messages themselves:
// who subscribes to each channel, and the per-user rows that appear or go with the move.
import type { ChatDb } from "./schema.js";

export interface ChannelMember {
  user_id: number;
  role: number;
  /** the subscription is active */
  active: boolean;
  /** the user is active */
  user_active: boolean;
}

/** Every subscription row of the channel, active or not, with its user's role and state. */
export async function channelMembers(db: ChatDb, streamId: number): Promise<ChannelMember[]> {
  const rows = await db
    .selectFrom("subscriptions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.user_id", "u.role", "s.active", "u.is_active"])
    .where("s.stream_id", "=", streamId)
    .orderBy("s.user_id")
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, role: r.role, active: Boolean(r.active), user_active: Boolean(r.is_active) }));
}

/** Gives each user a row for each message (with `flags`), keeping rows that already exist. */
export async function addUserMessageRows(db: ChatDb, userIds: number[], messageIds: number[], flags: number): Promise<void> {
  const rows = userIds.flatMap((user_id) => messageIds.map((message_id) => ({ user_id, message_id, flags })));
  // Stay well under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 5000) {
    await db
      .insertInto("user_messages")
      .values(rows.slice(i, i + 5000))
      .onConflict((oc) => oc.columns(["user_id", "message_id"]).doNothing())
      .execute();
  }
}

export async function deleteUserMessageRows(db: ChatDb, userIds: number[], messageIds: number[]): Promise<void> {
  if (!userIds.length || !messageIds.length) return;
  for (let i = 0; i < userIds.length; i += 500) {
    await db.deleteFrom("user_messages").where("user_id", "in", userIds.slice(i, i + 500)).where("message_id", "in", messageIds).execute();
  }
}

/** Holders of one message with their flag bits, by user id. */
export function messageHolders(db: ChatDb, messageId: number): Promise<{ user_id: number; flags: number }[]> {
  return db.selectFrom("user_messages").select(["user_id", "flags"]).where("message_id", "=", messageId).orderBy("user_id").execute();
}
