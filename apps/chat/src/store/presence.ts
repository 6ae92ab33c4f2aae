// Presence rows (Zulip's UserPresence) and the per-realm sequence that numbers their changes,
// so clients can ask for "what changed since update N".
import { sql } from "kysely";
import type { Selectable } from "kysely";
import type { ChatDb, UserPresenceTable } from "./schema.js";

export type Presence = Selectable<UserPresenceTable>;

export function presenceOf(db: ChatDb, userId: number): Promise<Presence | undefined> {
  return db.selectFrom("user_presence").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/**
 * The next presence update id of the realm (the sequence row is created on first use). One
 * upsert, so two first updates at once (two processes) both get a number, and distinct ones.
 */
export async function nextPresenceUpdateId(db: ChatDb, realmId: number): Promise<number> {
  const row = await db
    .insertInto("presence_sequence")
    .values({ realm_id: realmId, last_update_id: 1 })
    .onConflict((oc) => oc.column("realm_id").doUpdateSet({ last_update_id: sql`presence_sequence.last_update_id + 1` }))
    .returning("last_update_id")
    .executeTakeFirstOrThrow();
  return Number(row.last_update_id);
}

/** An upsert when creating: a concurrent first update of the same user may have made the row. */
export async function savePresence(db: ChatDb, row: Presence, creating: boolean): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  if (creating) await db.insertInto("user_presence").values(row).onConflict((oc) => oc.column("user_id").doUpdateSet(changes)).execute();
  else await db.updateTable("user_presence").set(row).where("user_id", "=", row.user_id).execute();
}

export interface PresenceRow extends Presence {
  email: string;
  date_joined: number;
}

/** Presence of the realm's active humans, connected since `since`, changed after `afterUpdateId`. */
export async function realmPresences(db: ChatDb, realmId: number, options: { since?: number; afterUpdateId?: number }): Promise<PresenceRow[]> {
  let q = db
    .selectFrom("user_presence as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .selectAll("p")
    .select(["u.email", "u.date_joined"])
    .where("p.realm_id", "=", realmId)
    .where("u.is_active", "=", 1)
    .where("u.is_bot", "=", 0);
  if (options.afterUpdateId !== undefined) q = q.where("p.last_update_id", ">", options.afterUpdateId);
  if (options.since !== undefined) q = q.where("p.last_connected_time", ">=", options.since);
  return q.orderBy("p.user_id").execute();
}

export async function deletePresence(db: ChatDb, userId: number): Promise<void> {
  await db.deleteFrom("user_presence").where("user_id", "=", userId).execute();
}
