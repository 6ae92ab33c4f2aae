// Integrations as the dashboard edits them: one by one, and which checks notify through each.
import type { Db } from "../deps.js";
import type { Channel } from "./schema.js";

export async function findChannelByUuid(db: Db, uuid: string): Promise<Channel | undefined> {
  return db.selectFrom("channels").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

export async function updateChannelRow(db: Db, id: number, changes: { name?: string; value?: string; disabled?: number; email_verified?: number; last_error?: string }): Promise<void> {
  await db.updateTable("channels").set(changes).where("id", "=", id).execute();
}

export async function deleteChannelRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom("check_channels").where("channel_id", "=", id).execute();
  await db.deleteFrom("channels").where("id", "=", id).execute();
}

export async function checkIdsOfChannel(db: Db, channelId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("check_channels").select("check_id").where("channel_id", "=", channelId).execute();
  return new Set(rows.map((r) => r.check_id));
}

export async function channelIdsOfCheck(db: Db, checkId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("check_channels").select("channel_id").where("check_id", "=", checkId).execute();
  return new Set(rows.map((r) => r.channel_id));
}

/** How many checks each integration of a project serves. */
export async function countChecksByChannel(db: Db, projectId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("check_channels")
    .innerJoin("channels", "channels.id", "check_channels.channel_id")
    .select(["check_channels.channel_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("channels.project_id", "=", projectId)
    .groupBy("check_channels.channel_id")
    .execute();
  return new Map(rows.map((r) => [r.channel_id, Number(r.n)]));
}

/** Replaces the checks of one integration; `checkIds` must belong to its project. */
export async function setChannelChecks(db: Db, channelId: number, checkIds: number[]): Promise<void> {
  await db.deleteFrom("check_channels").where("channel_id", "=", channelId).execute();
  if (checkIds.length > 0) {
    await db.insertInto("check_channels").values(checkIds.map((check_id) => ({ check_id, channel_id: channelId }))).onConflict((oc) => oc.columns(["check_id", "channel_id"]).doNothing()).execute();
  }
}

export async function addCheckChannel(db: Db, checkId: number, channelId: number): Promise<void> {
  await db.insertInto("check_channels").values({ check_id: checkId, channel_id: channelId }).onConflict((oc) => oc.columns(["check_id", "channel_id"]).doNothing()).execute();
}

export async function removeCheckChannel(db: Db, checkId: number, channelId: number): Promise<void> {
  await db.deleteFrom("check_channels").where("check_id", "=", checkId).where("channel_id", "=", channelId).execute();
}
