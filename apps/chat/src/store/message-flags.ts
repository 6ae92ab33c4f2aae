// Flag updates on user_messages, and the historical rows created when a user flags a channel
// message they never received (Zulip's create_historical_user_messages).
import { sql } from "kysely";
import type { ChatDb } from "./schema.js";
import { FLAG_BITS, HISTORICAL_FLAGS } from "../lib/message-flags.js";

/** Ids among `ids` the user has user_messages rows for. */
export async function receivedIds(db: ChatDb, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom("user_messages").select("message_id").where("user_id", "=", userId).where("message_id", "in", ids).execute();
  return new Set(rows.map((r) => r.message_id));
}

export async function createHistoricalRows(db: ChatDb, userId: number, ids: number[]): Promise<void> {
  if (ids.length) await db.insertInto("user_messages").values(ids.map((message_id) => ({ user_id: userId, message_id, flags: HISTORICAL_FLAGS }))).execute();
}

/** Sets or clears `mask` on the user's rows among `ids`; returns the ids that changed. */
export async function changeFlags(db: ChatDb, userId: number, ids: number[], mask: number, add: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const changed: number[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db
      .updateTable("user_messages")
      .set({ flags: add ? sql`flags | ${sql.lit(mask)}` : sql`flags & ${sql.lit(~mask)}` })
      .where("user_id", "=", userId)
      .where("message_id", "in", chunk)
      .where(sql`flags & ${sql.lit(mask)}`, add ? "=" : "<>", 0)
      .returning("message_id")
      .execute();
    changed.push(...rows.map((r) => r.message_id));
  }
  return changed.sort((a, b) => a - b);
}

/** Marks the user's unread messages read (all, one channel's, or one topic's); returns the ids. */
export async function markRead(db: ChatDb, userId: number, scope: { streamId?: number; topicKey?: string }): Promise<number[]> {
  let q = db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .select("um.message_id")
    .where("um.user_id", "=", userId)
    .where(sql`(um.flags & ${sql.lit(FLAG_BITS.read)})`, "=", 0);
  if (scope.streamId !== undefined) q = q.where("m.stream_id", "=", scope.streamId);
  if (scope.topicKey !== undefined) q = q.where("m.topic_key", "=", scope.topicKey);
  const ids = (await q.execute()).map((r) => r.message_id);
  return changeFlags(db, userId, ids, FLAG_BITS.read, true);
}
