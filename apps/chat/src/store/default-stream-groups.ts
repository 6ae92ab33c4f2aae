// Default channel groups and their channels.
import type { Selectable } from "kysely";
import type { DefaultStreamGroupTable } from "./schema.js";
import type { ChatDb } from "./schema.js";

export type DefaultStreamGroup = Selectable<DefaultStreamGroupTable>;

/** A realm's groups by name, each with its channels' ids in their names' order (Zulip's to_dict). */
export async function defaultStreamGroupsOf(db: ChatDb, realmId: number): Promise<(DefaultStreamGroup & { streams: number[] })[]> {
  const groups = await db.selectFrom("default_stream_groups").selectAll().where("realm_id", "=", realmId).orderBy("name").orderBy("id").execute();
  if (!groups.length) return [];
  const members = await db
    .selectFrom("default_stream_group_streams as g")
    .innerJoin("streams as s", "s.id", "g.stream_id")
    .select(["g.group_id", "g.stream_id"])
    .where("g.group_id", "in", groups.map((g) => g.id))
    .orderBy("s.name")
    .orderBy("s.id")
    .execute();
  return groups.map((g) => ({ ...g, streams: members.filter((m) => m.group_id === g.id).map((m) => m.stream_id) }));
}

export function defaultStreamGroupById(db: ChatDb, realmId: number, id: number): Promise<DefaultStreamGroup | undefined> {
  return db.selectFrom("default_stream_groups").selectAll().where("realm_id", "=", realmId).where("id", "=", id).executeTakeFirst();
}

export function defaultStreamGroupByName(db: ChatDb, realmId: number, name: string): Promise<DefaultStreamGroup | undefined> {
  return db.selectFrom("default_stream_groups").selectAll().where("realm_id", "=", realmId).where("name", "=", name).executeTakeFirst();
}

export async function groupStreamIds(db: ChatDb, groupId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("default_stream_group_streams").select("stream_id").where("group_id", "=", groupId).execute();
  return new Set(rows.map((r) => r.stream_id));
}

export async function insertDefaultStreamGroup(db: ChatDb, row: { realm_id: number; name: string; description: string }): Promise<number> {
  const { id } = await db.insertInto("default_stream_groups").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateDefaultStreamGroup(db: ChatDb, id: number, changes: { name?: string; description?: string }): Promise<void> {
  await db.updateTable("default_stream_groups").set(changes).where("id", "=", id).execute();
}

export async function deleteDefaultStreamGroup(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("default_stream_group_streams").where("group_id", "=", id).execute();
  await db.deleteFrom("default_stream_groups").where("id", "=", id).execute();
}

export async function addGroupStreams(db: ChatDb, groupId: number, streamIds: number[]): Promise<void> {
  if (streamIds.length) await db.insertInto("default_stream_group_streams").values(streamIds.map((stream_id) => ({ group_id: groupId, stream_id }))).execute();
}

export async function removeGroupStreams(db: ChatDb, groupId: number, streamIds: number[]): Promise<void> {
  if (streamIds.length) await db.deleteFrom("default_stream_group_streams").where("group_id", "=", groupId).where("stream_id", "in", streamIds).execute();
}

/** Takes an archived channel out of every group that holds it. */
export async function removeStreamFromAllGroups(db: ChatDb, streamId: number): Promise<void> {
  await db.deleteFrom("default_stream_group_streams").where("stream_id", "=", streamId).execute();
}
