// Personal and realm settings kept as JSON key/value rows: only what differs from Zulip's
// defaults is stored. (Message-related settings live in realm_message_settings and
// user_message_settings; realm identity in the realms row.)
import type { ChatDb } from "./schema.js";

const decode = (rows: { name: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));

export async function userSettingValues(db: ChatDb, userId: number): Promise<Record<string, unknown>> {
  return decode(await db.selectFrom("user_settings").select(["name", "value"]).where("user_id", "=", userId).execute());
}

/** One personal setting as stored, or undefined when it holds Zulip's default. */
export async function userSettingValue(db: ChatDb, userId: number, name: string): Promise<unknown> {
  const row = await db.selectFrom("user_settings").select("value").where("user_id", "=", userId).where("name", "=", name).executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

// One upsert, not delete-then-insert: two concurrent changes of one setting (PostgreSQL, two
// processes) would otherwise both insert and one fail on the primary key.
export async function setUserSettingValue(db: ChatDb, userId: number, name: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db.insertInto("user_settings").values({ user_id: userId, name, value: text }).onConflict((oc) => oc.columns(["user_id", "name"]).doUpdateSet({ value: text })).execute();
}

export async function realmSettingValues(db: ChatDb, realmId: number): Promise<Record<string, unknown>> {
  return decode(await db.selectFrom("realm_settings").select(["name", "value"]).where("realm_id", "=", realmId).execute());
}

export async function setRealmSettingValue(db: ChatDb, realmId: number, name: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db.insertInto("realm_settings").values({ realm_id: realmId, name, value: text }).onConflict((oc) => oc.columns(["realm_id", "name"]).doUpdateSet({ value: text })).execute();
}

/** Of these users, those who turned a boolean setting off (such settings are stored only when off). */
export async function usersWithSettingOff(db: ChatDb, name: string, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.selectFrom("user_settings").select("user_id").where("name", "=", name).where("value", "=", "false").where("user_id", "in", userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}
