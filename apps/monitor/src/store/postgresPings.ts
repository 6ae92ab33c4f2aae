// The ping path's writes on PostgreSQL for a batch of pings (actions/postgresPingQueue.ts):
// one statement to lock the batch's checks, one to write everything, arrays bound as
// parameters (unnest): a batch costs four round trips (with BEGIN and COMMIT) whatever its size.
import { sql } from "kysely";
import type { Db } from "../deps.js";
import { PING_CHECK_COLUMNS, type PingCheck } from "../lib/pingPlan.js";
import type { Flip, Ping } from "./schema.js";

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

/**
 * Writes a batch in one statement (one round trip): the checks' new fields, the flips, and the
 * pings in array order (ids, and so the API's ping order, follow it). Data-modifying CTEs all
 * run, whether or not the final query reads them.
 */
export async function writePingBatch(trx: Db, checks: PingedCheck[], flips: Omit<Flip, "id">[], pings: Omit<Ping, "id">[]): Promise<void> {
  const c = <K extends keyof PingedCheck>(key: K) => checks.map((row) => row[key]);
  const f = <K extends keyof Omit<Flip, "id">>(key: K) => flips.map((row) => row[key]);
  const p = <K extends keyof Omit<Ping, "id">>(key: K) => pings.map((row) => row[key]);
  await sql`
    WITH updated AS (
      UPDATE checks AS c SET n_pings = v.n_pings, last_ping = v.last_ping, last_start = v.last_start,
        last_start_rid = v.last_start_rid, last_duration = v.last_duration, status = v.status, alert_after = v.alert_after
      FROM unnest(${c("id")}::bigint[], ${c("n_pings")}::integer[], ${c("last_ping")}::bigint[], ${c("last_start")}::bigint[],
        ${c("last_start_rid")}::text[], ${c("last_duration")}::bigint[], ${c("status")}::text[], ${c("alert_after")}::bigint[])
        AS v(id, n_pings, last_ping, last_start, last_start_rid, last_duration, status, alert_after)
      WHERE c.id = v.id
    ), flipped AS (
      INSERT INTO flips (check_id, created, old_status, new_status, reason, processed)
      SELECT * FROM unnest(${f("check_id")}::bigint[], ${f("created")}::bigint[], ${f("old_status")}::text[], ${f("new_status")}::text[],
        ${f("reason")}::text[], ${f("processed")}::bigint[])
    )
    INSERT INTO pings (check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid)
    SELECT check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid
    FROM unnest(${p("check_id")}::bigint[], ${p("n")}::integer[], ${p("created")}::bigint[], ${p("kind")}::text[],
      ${p("scheme")}::text[], ${p("remote_addr")}::text[], ${p("method")}::text[], ${p("ua")}::text[],
      ${p("body")}::bytea[], ${p("exitstatus")}::integer[], ${p("rid")}::text[])
      WITH ORDINALITY AS v(check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid, ord)
    ORDER BY ord`.execute(trx);
}
