// Rate limits as token buckets, one statement each, so concurrent workers on PostgreSQL
// cannot both take the last token.
import { sql } from "kysely";
import type { Dialect } from "@beacon/platform";
import type { Db } from "../deps.js";

// capacity × (1 / capacity) need not be exactly 1 in floating point: the last token of a full
// bucket may leave a tiny negative remainder.
const TOLERANCE = 1e-9;

/**
 * Takes a token from bucket `value`: `capacity` uses per `refillMs`, refilled continuously
 * (the upstream's TokenBucket.authorize). False, and nothing taken, when the bucket is empty.
 */
export async function takeToken(db: Db, dialect: Dialect, value: string, capacity: number, refillMs: number, now: number): Promise<boolean> {
  const cost = 1 / capacity;
  const real = sql.raw(dialect === "postgres" ? "double precision" : "real");
  const least = sql.raw(dialect === "postgres" ? "LEAST" : "MIN");
  const topped = sql`${least}(1.0, token_buckets.tokens + CAST(${now} - token_buckets.updated AS ${real}) / ${refillMs})`;
  const result = await sql<{ tokens: number }>`
    INSERT INTO token_buckets (value, tokens, updated) VALUES (${value}, ${1 - cost}, ${now})
    ON CONFLICT (value) DO UPDATE SET tokens = ${topped} - ${cost}, updated = ${now}
    WHERE ${topped} - ${cost} >= ${-TOLERANCE}
    RETURNING tokens`.execute(db);
  return result.rows.length > 0;
}
