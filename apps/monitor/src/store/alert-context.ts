// What a delivery needs to know about its check, read when it is sent.
import type { Db } from "../deps.js";
import type { Channel, Check, Ping, Project } from "./schema.js";

export interface AlertRows {
  check: Check;
  project: Project;
  channel: Channel;
  lastPing: Ping | undefined;
  previousFlip: { new_status: string; created: number } | undefined;
  siblings: { name: string; uuid: string; unique_key: string; status: string; last_ping: number | null }[];
}

export async function loadAlertRows(db: Db, checkId: number, channelId: number, flipCreated: number): Promise<AlertRows | undefined> {
  const check = await db.selectFrom("checks").selectAll().where("id", "=", checkId).executeTakeFirst();
  const channel = await db.selectFrom("channels").selectAll().where("id", "=", channelId).executeTakeFirst();
  if (!check || !channel) return undefined;
  const project = await db.selectFrom("projects").selectAll().where("id", "=", check.project_id).executeTakeFirstOrThrow();
  const lastPing = await db
    .selectFrom("pings")
    .selectAll()
    .where("check_id", "=", checkId)
    .where("created", "<=", flipCreated)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const previousFlip = await db
    .selectFrom("flips")
    .select(["new_status", "created"])
    .where("check_id", "=", checkId)
    .where("created", "<", flipCreated)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const siblings = await db
    .selectFrom("checks")
    .select(["name", "uuid", "unique_key", "status", "last_ping"])
    .where("project_id", "=", check.project_id)
    .where("id", "!=", checkId)
    .orderBy("name")
    .limit(1000)
    .execute();
  return { check, project, channel, lastPing, previousFlip, siblings };
}
