// The realm's defaults for new users' personal settings (only what an administrator set), and
// which personal settings each user changed themselves.
import type { ChatDb } from "./schema.js";

export async function realmUserDefaultValues(db: ChatDb, realmId: number): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom("realm_user_default_settings").select(["name", "value"]).where("realm_id", "=", realmId).execute();
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
}

export async function setRealmUserDefaultValue(db: ChatDb, realmId: number, name: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  await db.insertInto("realm_user_default_settings").values({ realm_id: realmId, name, value: text }).onConflict((oc) => oc.columns(["realm_id", "name"]).doUpdateSet({ value: text })).execute();
}

export async function markSettingsEdited(db: ChatDb, userId: number, names: string[]): Promise<void> {
  if (!names.length) return;
  await db.insertInto("user_setting_edits").values([...new Set(names)].map((name) => ({ user_id: userId, name }))).onConflict((oc) => oc.columns(["user_id", "name"]).doNothing()).execute();
}

/** Of these users, those who once changed the setting themselves. */
export async function usersWhoEditedSetting(db: ChatDb, name: string, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.selectFrom("user_setting_edits").select("user_id").where("name", "=", name).where("user_id", "in", userIds).execute();
  return new Set(rows.map((r) => r.user_id));
}
