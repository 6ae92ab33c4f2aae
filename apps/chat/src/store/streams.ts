import type { Insertable, Selectable, Updateable } from "kysely";
import type { ChatDb, StreamTable } from "./schema.js";

export type Stream = Selectable<StreamTable>;

export function streamInRealm(db: ChatDb, realmId: number, id: number): Promise<Stream | undefined> {
  return db.selectFrom("streams").selectAll().where("realm_id", "=", realmId).where("id", "=", id).executeTakeFirst();
}

export function streamByName(db: ChatDb, realmId: number, name: string): Promise<Stream | undefined> {
  return db.selectFrom("streams").selectAll().where("realm_id", "=", realmId).where("name_key", "=", name.toLowerCase()).executeTakeFirst();
}

export function streamsInRealm(db: ChatDb, realmId: number): Promise<Stream[]> {
  return db.selectFrom("streams").selectAll().where("realm_id", "=", realmId).orderBy("id").execute();
}

export async function insertStream(db: ChatDb, row: Insertable<StreamTable>): Promise<number> {
  const { id } = await db.insertInto("streams").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateStream(db: ChatDb, id: number, changes: Updateable<StreamTable>): Promise<void> {
  await db.updateTable("streams").set(changes).where("id", "=", id).execute();
}

export async function defaultStreamIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("default_streams")
    .innerJoin("streams", "streams.id", "default_streams.stream_id")
    .select("default_streams.stream_id")
    .where("default_streams.realm_id", "=", realmId)
    .where("streams.deactivated", "=", 0)
    .orderBy("default_streams.stream_id")
    .execute();
  return rows.map((r) => r.stream_id);
}

export async function addDefaultStream(db: ChatDb, realmId: number, streamId: number): Promise<void> {
  await db.insertInto("default_streams").values({ realm_id: realmId, stream_id: streamId }).onConflict((oc) => oc.columns(["realm_id", "stream_id"]).doNothing()).execute();
}

export async function removeDefaultStream(db: ChatDb, realmId: number, streamId: number): Promise<void> {
  await db.deleteFrom("default_streams").where("realm_id", "=", realmId).where("stream_id", "=", streamId).execute();
}
