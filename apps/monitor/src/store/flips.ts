import type { Db } from "../deps.js";
import type { Flip, NewFlip } from "./schema.js";

export async function insertFlip(db: Db, row: NewFlip): Promise<void> {
  await db.insertInto("flips").values(row).execute();
}

export interface FlipFilter {
  start?: number; // ms, inclusive
  end?: number; // ms, exclusive
}

export async function listFlips(db: Db, checkId: number, filter: FlipFilter): Promise<Flip[]> {
  let query = db.selectFrom("flips").selectAll().where("check_id", "=", checkId);
  if (filter.start !== undefined) query = query.where("created", ">=", filter.start);
  if (filter.end !== undefined) query = query.where("created", "<", filter.end);
  return query.orderBy("created", "desc").orderBy("id", "desc").execute();
}
