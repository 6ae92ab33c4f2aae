import type { Selectable } from "kysely";
import type { ChatDb, RealmDomainTable } from "./schema.js";

export type RealmDomain = Selectable<RealmDomainTable>;

export function realmDomains(db: ChatDb, realmId: number): Promise<RealmDomain[]> {
  return db.selectFrom("realm_domains").selectAll().where("realm_id", "=", realmId).orderBy("domain").execute();
}

export function realmDomain(db: ChatDb, realmId: number, domain: string): Promise<RealmDomain | undefined> {
  return db.selectFrom("realm_domains").selectAll().where("realm_id", "=", realmId).where("domain", "=", domain).executeTakeFirst();
}

export async function insertRealmDomain(db: ChatDb, row: Omit<RealmDomainTable, "id">): Promise<number> {
  const { id } = await db.insertInto("realm_domains").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function setAllowSubdomains(db: ChatDb, id: number, allow: boolean): Promise<void> {
  await db.updateTable("realm_domains").set({ allow_subdomains: allow ? 1 : 0 }).where("id", "=", id).execute();
}

export async function deleteRealmDomain(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("realm_domains").where("id", "=", id).execute();
}
