import { sql } from "kysely";
import { FLAG_BITS } from "../lib/message-flags.js";
import type { ChatDb } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

export interface MutedUser {
  muted_user_id: number;
  date_muted: number;
}

export function mutedUsers(db: ChatDb, userId: number): Promise<MutedUser[]> {
  return db.selectFrom("muted_users").select(["muted_user_id", "date_muted"]).where("user_id", "=", userId).orderBy("id").execute();
}

export async function isMuted(db: ChatDb, userId: number, mutedUserId: number): Promise<boolean> {
  const row = await db.selectFrom("muted_users").select("id").where("user_id", "=", userId).where("muted_user_id", "=", mutedUserId).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the mute; false when the pair already exists (the unique index decides). */
export async function insertMute(db: ChatDb, userId: number, mutedUserId: number, now: number): Promise<boolean> {
  const rows = await db
    .insertInto("muted_users")
    .values({ user_id: userId, muted_user_id: mutedUserId, date_muted: now })
    .onConflict((oc) => oc.columns(["user_id", "muted_user_id"]).doNothing())
    .returning("id")
    .execute();
  return rows.length > 0;
}

/** Deletes the mute; false when there was none. */
export async function deleteMute(db: ChatDb, userId: number, mutedUserId: number): Promise<boolean> {
  const rows = await db.deleteFrom("muted_users").where("user_id", "=", userId).where("muted_user_id", "=", mutedUserId).returning("id").execute();
  return rows.length > 0;
}

/** The users who muted `userId`. */
export async function mutersOf(db: ChatDb, userId: number): Promise<number[]> {
  // Every send asks: a cached statement on SQLite (store/sqlite-reads.ts), not even compiled.
  const direct = directStatement(db, "select user_id from muted_users where muted_user_id = ?");
  const rows = direct
    ? (direct.all(userId) as { user_id: number }[])
    : await db.selectFrom("muted_users").select("user_id").where("muted_user_id", "=", userId).execute();
  return rows.map((r) => r.user_id);
}

/** Ids of the messages from `senderId` that `userId` received and has not read. */
export async function unreadIdsFrom(db: ChatDb, userId: number, senderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .select("um.message_id")
    .where("um.user_id", "=", userId)
    .where("m.sender_id", "=", senderId)
    .where(sql`(um.flags & ${sql.lit(FLAG_BITS.read)})`, "=", 0)
    .orderBy("um.message_id")
    .execute();
  return rows.map((r) => r.message_id);
}
