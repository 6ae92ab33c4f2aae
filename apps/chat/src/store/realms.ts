import type { Selectable } from "kysely";
import type { ChatDb, RealmTable } from "./schema.js";

export type Realm = Selectable<RealmTable>;

export function getRealm(db: ChatDb, id: number): Promise<Realm | undefined> {
  return db.selectFrom("realms").selectAll().where("id", "=", id).executeTakeFirst();
}

export function realmBySubdomain(db: ChatDb, subdomain: string): Promise<Realm | undefined> {
  return db.selectFrom("realms").selectAll().where("string_id", "=", subdomain).executeTakeFirst();
}

/** The first realm created: what a host naming no realm (an IP, localhost) means. */
export function defaultRealm(db: ChatDb): Promise<Realm | undefined> {
  return db.selectFrom("realms").selectAll().orderBy("id").limit(1).executeTakeFirst();
}

export async function insertRealm(db: ChatDb, row: Omit<RealmTable, "id">): Promise<number> {
  const { id } = await db.insertInto("realms").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function realmGroupSettings(db: ChatDb, realmId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom("realm_group_settings").select(["name", "group_id"]).where("realm_id", "=", realmId).execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.group_id]));
}

export async function setRealmGroupSetting(db: ChatDb, realmId: number, name: string, groupId: number): Promise<void> {
  await db.insertInto("realm_group_settings").values({ realm_id: realmId, name, group_id: groupId }).onConflict((oc) => oc.columns(["realm_id", "name"]).doUpdateSet({ group_id: groupId })).execute();
}
