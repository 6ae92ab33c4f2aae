import type { Selectable } from "kysely";
import type { ChatDb, RealmPlaygroundTable } from "./schema.js";

export type RealmPlayground = Selectable<RealmPlaygroundTable>;

export function playgroundsInRealm(db: ChatDb, realmId: number): Promise<RealmPlayground[]> {
  return db.selectFrom("realm_playgrounds").selectAll().where("realm_id", "=", realmId).orderBy("id").execute();
}

export async function insertPlayground(db: ChatDb, row: Omit<RealmPlaygroundTable, "id">): Promise<number> {
  const { id } = await db.insertInto("realm_playgrounds").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function deletePlayground(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("realm_playgrounds").where("id", "=", id).execute();
}
