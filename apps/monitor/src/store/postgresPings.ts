// The ping path's writes on PostgreSQL for a batch of pings (actions/postgresPingQueue.ts):
// one statement each to lock the batch's checks, update them and insert the pings, arrays
// bound as parameters (unnest), so a batch costs a handful of round trips whatever its size.
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { PING_CHECK_COLUMNS, type PingCheck } from "../lib/pingPlan.js";
import type { Ping } from "./schema.js";

/**
 * Reads and locks (FOR UPDATE) the checks with these UUIDs or ids, in id order: two batches
 * locking overlapping checks take the locks in the same order, so they queue, never deadlock.
 */
export async function lockChecksForPings(trx: Db, uuids: string[], ids: number[]): Promise<(PingCheck & { uuid: string })[]> {
  const columns = sql.raw(["uuid", ...PING_CHECK_COLUMNS].join(", "));
  const { rows } = await sql<PingCheck & { uuid: string }>`SELECT ${columns} FROM checks WHERE uuid = ANY(${uuids}::text[]) OR id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  return rows;
}

/** The fields a ping changes, as they stand after the batch's last ping of the check. */
export type PingedCheck = Pick<PingCheck, "id" | "n_pings" | "last_ping" | "last_start" | "last_start_rid" | "last_duration" | "status" | "alert_after">;

export async function updatePingedChecks(trx: Db, checks: PingedCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const col = <K extends keyof PingedCheck>(key: K) => checks.map((c) => c[key]);
  await sql`
    UPDATE checks AS c SET n_pings = v.n_pings, last_ping = v.last_ping, last_start = v.last_start,
      last_start_rid = v.last_start_rid, last_duration = v.last_duration, status = v.status, alert_after = v.alert_after
    FROM unnest(${col("id")}::bigint[], ${col("n_pings")}::integer[], ${col("last_ping")}::bigint[], ${col("last_start")}::bigint[],
      ${col("last_start_rid")}::text[], ${col("last_duration")}::bigint[], ${col("status")}::text[], ${col("alert_after")}::bigint[])
      AS v(id, n_pings, last_ping, last_start, last_start_rid, last_duration, status, alert_after)
    WHERE c.id = v.id`.execute(trx);
}

/** Inserts the pings in array order (ids, and so the API's ping order, follow it). */
export async function insertPings(trx: Db, pings: Omit<Ping, "id">[]): Promise<void> {
  if (pings.length === 0) return;
  const col = <K extends keyof Omit<Ping, "id">>(key: K) => pings.map((p) => p[key]);
  await sql`
    INSERT INTO pings (check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid)
    SELECT check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid
    FROM unnest(${col("check_id")}::bigint[], ${col("n")}::integer[], ${col("created")}::bigint[], ${col("kind")}::text[],
      ${col("scheme")}::text[], ${col("remote_addr")}::text[], ${col("method")}::text[], ${col("ua")}::text[],
      ${col("body")}::bytea[], ${col("exitstatus")}::integer[], ${col("rid")}::text[])
      WITH ORDINALITY AS v(check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid, ord)
    ORDER BY ord`.execute(trx);
}
