import type { Db } from "../deps.js";
import type { Ping } from "./schema.js";

export async function insertPing(db: Db, row: Omit<Ping, "id">): Promise<void> {
  await db.insertInto("pings").values(row).execute();
}

/** The newest pings of a check, newest first. */
export async function recentPings(db: Db, checkId: number, limit: number): Promise<Ping[]> {
  return db.selectFrom("pings").selectAll().where("check_id", "=", checkId).orderBy("id", "desc").limit(limit).execute();
}

/** Pings older than a given one, newest first: for pairing durations across a page. */
export async function pingsBefore(db: Db, checkId: number, beforeId: number, since: number): Promise<Ping[]> {
  return db
    .selectFrom("pings")
    .selectAll()
    .where("check_id", "=", checkId)
    .where("id", "<", beforeId)
    .where("created", ">=", since)
    .orderBy("id", "desc")
    .execute();
}

export async function findPingByN(db: Db, checkId: number, n: number): Promise<Ping | undefined> {
  return db.selectFrom("pings").selectAll().where("check_id", "=", checkId).where("n", "=", n).orderBy("id", "desc").limit(1).executeTakeFirst();
}
