import type { Db } from "../deps.js";
import type { Channel } from "./schema.js";

export async function listChannels(db: Db, projectId: number): Promise<Channel[]> {
  return db.selectFrom("channels").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
}

export async function insertChannel(db: Db, row: Omit<Channel, "id">): Promise<Channel> {
  return db.insertInto("channels").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Integration UUIDs of each check, for the `channels` key of check objects. */
const ID_SLICE = 1000;

export async function channelUuidsByCheck(db: Db, checkIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(checkIds.map((id) => [id, []]));
  // In slices: a project's whole list would pass SQLite's limit of bound values past ~32,000 checks.
  for (let i = 0; i < checkIds.length; i += ID_SLICE) {
    const rows = await db
      .selectFrom("check_channels")
      .innerJoin("channels", "channels.id", "check_channels.channel_id")
      .select(["check_channels.check_id", "channels.uuid"])
      .where("check_channels.check_id", "in", checkIds.slice(i, i + ID_SLICE))
      .execute();
    for (const row of rows) out.get(row.check_id)?.push(row.uuid);
  }
  return out;
}

export async function setCheckChannels(db: Db, checkId: number, channelIds: number[]): Promise<void> {
  await db.deleteFrom("check_channels").where("check_id", "=", checkId).execute();
  if (channelIds.length > 0) {
    await db
      .insertInto("check_channels")
      .values(channelIds.map((channel_id) => ({ check_id: checkId, channel_id })))
      // A concurrent writer's rows (not seen by the delete above) must not make this a 500.
      .onConflict((oc) => oc.columns(["check_id", "channel_id"]).doNothing())
      .execute();
  }
}

/** Which integrations each check of a project notifies, by check id (checks with none are absent). */
export async function channelIdsByCheckOfProject(db: Db, projectId: number): Promise<Map<number, Set<number>>> {
  const rows = await db
    .selectFrom("check_channels")
    .innerJoin("channels", "channels.id", "check_channels.channel_id")
    .select(["check_channels.check_id", "check_channels.channel_id"])
    .where("channels.project_id", "=", projectId)
    .execute();
  const out = new Map<number, Set<number>>();
  for (const row of rows) {
    const set = out.get(row.check_id) ?? new Set<number>();
    set.add(row.channel_id);
    out.set(row.check_id, set);
  }
  return out;
}
