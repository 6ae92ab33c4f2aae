// Logged-in devices with their E2EE push registration (push_devices), and legacy push tokens.
import type { Selectable, Updateable } from "kysely";
import type { ChatDb, PushDeviceTable } from "./schema.js";

export type PushDevice = Selectable<PushDeviceTable>;

export async function insertDevice(db: ChatDb, userId: number, now: number): Promise<number> {
  const row = await db.insertInto("push_devices").values({ user_id: userId, date_created: now }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export function userDevice(db: ChatDb, userId: number, deviceId: number): Promise<PushDevice | undefined> {
  return db.selectFrom("push_devices").selectAll().where("id", "=", deviceId).where("user_id", "=", userId).executeTakeFirst();
}

export function userDevices(db: ChatDb, userId: number): Promise<PushDevice[]> {
  return db.selectFrom("push_devices").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export async function updateDevice(db: ChatDb, deviceId: number, changes: Updateable<PushDeviceTable>): Promise<void> {
  await db.updateTable("push_devices").set(changes).where("id", "=", deviceId).execute();
}

export async function deleteDevice(db: ChatDb, deviceId: number): Promise<void> {
  await db.deleteFrom("push_devices").where("id", "=", deviceId).execute();
}

export function pushToken(db: ChatDb, userId: number, kind: number, token: string) {
  return db.selectFrom("push_device_tokens").selectAll().where("user_id", "=", userId).where("kind", "=", kind).where("token", "=", token).executeTakeFirst();
}

/** Adds a legacy token, or refreshes its app id when the user already registered it. */
export async function upsertPushToken(db: ChatDb, row: { user_id: number; kind: number; token: string; ios_app_id: string | null; date_created: number }): Promise<void> {
  // One upsert: two registrations of one token at once must not both insert.
  await db.insertInto("push_device_tokens").values(row).onConflict((oc) => oc.columns(["user_id", "kind", "token"]).doUpdateSet({ ios_app_id: row.ios_app_id })).execute();
}

export async function deletePushToken(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("push_device_tokens").where("id", "=", id).execute();
}

/** Legacy tokens matching a token the device now registered through E2EE. */
export async function deletePushTokensMatching(db: ChatDb, userId: number, tokens: string[]): Promise<void> {
  if (tokens.length) await db.deleteFrom("push_device_tokens").where("user_id", "=", userId).where("token", "in", tokens).execute();
}
