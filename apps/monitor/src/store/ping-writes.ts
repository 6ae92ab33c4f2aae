// Writes of the ping path through Kysely (PostgreSQL, and SQLite outside the hot path).
import { sql } from "kysely";
import type { Db } from "../deps.js";
import type { Check } from "./schema.js";

/**
 * Counts the ping and locks the check row for the rest of the transaction (an UPDATE
 * takes the row lock on PostgreSQL without dialect-specific FOR UPDATE). Returns the row
 * as it was before, or undefined when the check is gone.
 */
export async function lockCheckForPing(db: Db, checkId: number): Promise<Check | undefined> {
  const row = await db
    .updateTable("checks")
    .set({ n_pings: sql`n_pings + 1` })
    .where("id", "=", checkId)
    .returningAll()
    .executeTakeFirst();
  return row ? { ...row, n_pings: row.n_pings - 1 } : undefined;
}

/** Writes the check's fields as a ping left them; returns the row as saved. */
export async function saveCheckAfterPing(db: Db, checkId: number, after: Partial<Omit<Check, "id">>): Promise<Check | undefined> {
  return db.updateTable("checks").set(after).where("id", "=", checkId).returningAll().executeTakeFirst();
}

export async function pingLogLimit(db: Db, projectId: number): Promise<number> {
  const row = await db
    .selectFrom("projects")
    .innerJoin("accounts", "accounts.id", "projects.owner_id")
    .select("accounts.ping_log_limit")
    .where("projects.id", "=", projectId)
    .executeTakeFirst();
  return row?.ping_log_limit ?? 100;
}

/**
 * Keeps the newest `limit` pings of a check; drops delivered notifications older than the
 * oldest ping kept, and processed flips older than both that ping and `flipCutoff`.
 * Pending notifications and unprocessed flips are never pruned: they are work to do.
 */
export async function pruneCheckHistory(db: Db, checkId: number, nPings: number, limit: number, flipCutoff: number): Promise<void> {
  await db.deleteFrom("pings").where("check_id", "=", checkId).where("n", "<=", nPings - limit).execute();
  const oldest = await db.selectFrom("pings").select((eb) => eb.fn.min("created").as("created")).where("check_id", "=", checkId).executeTakeFirst();
  if (oldest?.created === null || oldest?.created === undefined) return;
  const oldestPing = Number(oldest.created);
  await db.deleteFrom("notifications").where("check_id", "=", checkId).where("state", "!=", "pending").where("created", "<", oldestPing).execute();
  await db
    .deleteFrom("flips")
    .where("check_id", "=", checkId)
    .where("processed", "is not", null)
    .where("created", "<", Math.min(oldestPing, flipCutoff))
    .execute();
}
