import type { Selectable, Updateable } from "kysely";
import type { ChatDb, RealmLinkifierTable } from "./schema.js";

export type RealmLinkifier = Selectable<RealmLinkifierTable>;

/** In the realm's processing order. */
export function linkifiersInRealm(db: ChatDb, realmId: number): Promise<RealmLinkifier[]> {
  return db.selectFrom("realm_linkifiers").selectAll().where("realm_id", "=", realmId).orderBy("order").orderBy("id").execute();
}

export async function insertLinkifier(db: ChatDb, row: Omit<RealmLinkifierTable, "id" | "order" | "alternative_url_templates"> & { alternative_url_templates: string }): Promise<number> {
  const last = await db.selectFrom("realm_linkifiers").select((eb) => eb.fn.max("order").as("max")).where("realm_id", "=", row.realm_id).executeTakeFirst();
  const order = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const { id } = await db.insertInto("realm_linkifiers").values({ ...row, order }).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateLinkifier(db: ChatDb, id: number, changes: Updateable<RealmLinkifierTable>): Promise<void> {
  await db.updateTable("realm_linkifiers").set(changes).where("id", "=", id).execute();
}

export async function deleteLinkifier(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("realm_linkifiers").where("id", "=", id).execute();
}
