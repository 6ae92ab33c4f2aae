import type { Db } from "../deps.js";
import type { FlipFact } from "../lib/uptime.js";

/** A check's flips from `since` on, oldest first, as the uptime figures read them. */
export async function flipsSince(db: Db, checkIds: number[], since: number): Promise<Map<number, FlipFact[]>> {
  const byCheck = new Map<number, FlipFact[]>();
  if (checkIds.length === 0) return byCheck;
  const rows = await db
    .selectFrom("flips")
    .select(["check_id", "created", "old_status", "new_status"])
    .where("check_id", "in", checkIds)
    .where("created", ">=", since)
    .orderBy("created")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const id = Number(row.check_id);
    let list = byCheck.get(id);
    if (!list) byCheck.set(id, (list = []));
    list.push({ created: Number(row.created), old_status: row.old_status, new_status: row.new_status });
  }
  return byCheck;
}
