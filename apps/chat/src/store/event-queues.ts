// Event queues saved at shutdown (migrations/024_event_queues.ts) and what a restarted process
// needs to replay into them: the messages sent since.
import type { ChatDb } from "./schema.js";
import type { SavedQueueTable } from "./schema.js";

/** The newest message id of the installation (0 when there is none). */
export async function newestMessageId(db: ChatDb): Promise<number> {
  const row = await db.selectFrom("messages").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function insertSavedQueues(db: ChatDb, rows: SavedQueueTable[]): Promise<void> {
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("event_queues")
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column("queue_id").doUpdateSet((eb) => ({ process: eb.ref("excluded.process"), state: eb.ref("excluded.state"), last_message_id: eb.ref("excluded.last_message_id"), saved_at: eb.ref("excluded.saved_at") })))
      .execute();
  }
}

/**
 * Takes the queues `process` saved (removing them, so two starts never both restore one), and
 * drops saved queues nobody claimed for a day (a process renamed or retired).
 */
export async function claimSavedQueues(db: ChatDb, process: string, staleBefore: number): Promise<SavedQueueTable[]> {
  await db.deleteFrom("event_queues").where("saved_at", "<", staleBefore).execute();
  const rows = await db.deleteFrom("event_queues").where("process", "=", process).returningAll().execute();
  return rows.map((row) => ({ ...row, last_message_id: Number(row.last_message_id), saved_at: Number(row.saved_at) }));
}

/** Ids of messages newer than `afterId` in `realmIds`, oldest first, at most `limit`. */
export async function messageIdsAfter(db: ChatDb, afterId: number, realmIds: number[], limit: number): Promise<number[]> {
  if (realmIds.length === 0) return [];
  const rows = await db.selectFrom("messages").select("id").where("id", ">", afterId).where("realm_id", "in", realmIds).orderBy("id").limit(limit).execute();
  return rows.map((row) => Number(row.id));
}

/** user_messages rows of `messageIds` for `userIds`: who received each message, with which flags. */
export async function receiptsOf(db: ChatDb, messageIds: number[], userIds: number[]): Promise<{ message_id: number; user_id: number; flags: number }[]> {
  if (messageIds.length === 0 || userIds.length === 0) return [];
  const out: { message_id: number; user_id: number; flags: number }[] = [];
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await db.selectFrom("user_messages").select(["message_id", "user_id", "flags"]).where("message_id", "in", messageIds).where("user_id", "in", userIds.slice(i, i + 500)).execute();
    for (const row of rows) out.push({ message_id: Number(row.message_id), user_id: Number(row.user_id), flags: Number(row.flags) });
  }
  return out;
}
