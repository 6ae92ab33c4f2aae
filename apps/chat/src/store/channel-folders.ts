import type { Selectable, Updateable } from "kysely";
import type { ChannelFolderTable, ChatDb } from "./schema.js";

export type ChannelFolder = Selectable<ChannelFolderTable>;

/** A realm's folders in their display order (ties, as before reordering existed, by id). */
export function channelFoldersInRealm(db: ChatDb, realmId: number, options: { includeArchived: boolean }): Promise<ChannelFolder[]> {
  let query = db.selectFrom("channel_folders").selectAll().where("realm_id", "=", realmId);
  if (!options.includeArchived) query = query.where("is_archived", "=", 0);
  return query.orderBy("order").orderBy("id").execute();
}

export function channelFolderById(db: ChatDb, realmId: number, id: number): Promise<ChannelFolder | undefined> {
  return db.selectFrom("channel_folders").selectAll().where("realm_id", "=", realmId).where("id", "=", id).executeTakeFirst();
}

export async function channelFolderNameTaken(db: ChatDb, realmId: number, name: string): Promise<boolean> {
  const rows = await db.selectFrom("channel_folders").select("name").where("realm_id", "=", realmId).execute();
  // Compared in JavaScript: SQLite's lower() folds ASCII only, PostgreSQL's folds everything.
  return rows.some((r) => r.name.toLowerCase() === name.toLowerCase());
}

export async function countChannelFolders(db: ChatDb, realmId: number): Promise<number> {
  const { n } = await db.selectFrom("channel_folders").select((eb) => eb.fn.countAll<number | string>().as("n")).where("realm_id", "=", realmId).executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertChannelFolder(db: ChatDb, row: Omit<ChannelFolderTable, "id">): Promise<number> {
  const { id } = await db.insertInto("channel_folders").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateChannelFolder(db: ChatDb, id: number, fields: Updateable<ChannelFolderTable>): Promise<void> {
  await db.updateTable("channel_folders").set(fields).where("id", "=", id).execute();
}

/** Are unarchived channels still filed in this folder? */
export async function folderHasActiveChannels(db: ChatDb, folderId: number): Promise<boolean> {
  const row = await db.selectFrom("streams").select("id").where("folder_id", "=", folderId).where("deactivated", "=", 0).limit(1).executeTakeFirst();
  return row !== undefined;
}
