// The ping path's writes on PostgreSQL for a batch of pings (actions/postgresPingQueue.ts):
// one statement reads the batch's checks, one writes everything (its own transaction), arrays
// bound as parameters (unnest): a batch costs two round trips whatever its size, and both are
// prepared statements (planned once per connection).
import { sql } from "kysely";
import { preparedStatementMarker } from "@beacon/platform";
import type { Db } from "../deps.js";
import { PING_CHECK_COLUMNS, type KeptCheck } from "../lib/pingPlan.js";
import type { Flip, Ping } from "./schema.js";

/** A check as the ping rules need it, with its UUID and its row version (`xmin`). */
export type VersionedPingCheck = KeptCheck & { xmin: string };

// Prepared once per connection: PostgreSQL plans each of these once instead of per batch.
const READ_CHECKS = preparedStatementMarker("monitor_ping_batch_read");
const WRITE_BATCH = preparedStatementMarker("monitor_ping_batch_write");

/**
 * Reads the checks with these UUIDs or ids, without locking them: the write below applies a
 * check's pings only if its row is still the version read here (PostgreSQL's `xmin`, which
 * every update of the row changes), so no lock is held across the round trips.
 */
export async function readChecksForPings(db: Db, uuids: string[], ids: number[]): Promise<VersionedPingCheck[]> {
  const columns = sql.raw(["uuid", "xmin::text AS xmin", ...PING_CHECK_COLUMNS].join(", "));
  const { rows } = await sql<VersionedPingCheck>`${sql.raw(READ_CHECKS)} SELECT ${columns} FROM checks WHERE uuid = ANY(${uuids}::text[]) OR id = ANY(${ids}::bigint[])`.execute(db);
  return rows;
}

/** The fields a ping changes, as they stand after the batch's last ping of the check. */
export type PingedCheck = Pick<VersionedPingCheck, "id" | "xmin" | "n_pings" | "last_ping" | "last_start" | "last_start_rid" | "last_duration" | "status" | "alert_after" | "fail_count">;

/**
 * Writes a batch in one statement, so in one round trip and one transaction: the checks' new
 * fields where the row is still the version read (`xmin`), then the flips and pings of the
 * checks so updated only, the pings in array order (ids, and so the API's ping order, follow
 * it). Returns the checks written, by id, with their new row version; the others changed
 * meanwhile (their pings must be planned again from the new row).
 */
export async function writePingBatch(db: Db, checks: PingedCheck[], flips: Omit<Flip, "id">[], pings: Omit<Ping, "id">[]): Promise<Map<number, string>> {
  const c = <K extends keyof PingedCheck>(key: K) => checks.map((row) => row[key]);
  const f = <K extends keyof Omit<Flip, "id">>(key: K) => flips.map((row) => row[key]);
  const p = <K extends keyof Omit<Ping, "id">>(key: K) => pings.map((row) => row[key]);
  const { rows } = await sql<{ id: number; xmin: string }>`${sql.raw(WRITE_BATCH)}
    WITH updated AS (
      UPDATE checks AS c SET n_pings = v.n_pings, last_ping = v.last_ping, last_start = v.last_start,
        last_start_rid = v.last_start_rid, last_duration = v.last_duration, status = v.status, alert_after = v.alert_after, fail_count = v.fail_count
      FROM unnest(${c("id")}::bigint[], ${c("xmin")}::text[], ${c("n_pings")}::integer[], ${c("last_ping")}::bigint[], ${c("last_start")}::bigint[],
        ${c("last_start_rid")}::text[], ${c("last_duration")}::bigint[], ${c("status")}::text[], ${c("alert_after")}::bigint[], ${c("fail_count")}::integer[])
        AS v(id, xmin, n_pings, last_ping, last_start, last_start_rid, last_duration, status, alert_after, fail_count)
      WHERE c.id = v.id AND c.xmin = v.xmin::xid
      RETURNING c.id, c.xmin::text AS xmin
    ), flipped AS (
      INSERT INTO flips (check_id, created, old_status, new_status, reason, processed)
      SELECT * FROM unnest(${f("check_id")}::bigint[], ${f("created")}::bigint[], ${f("old_status")}::text[], ${f("new_status")}::text[],
        ${f("reason")}::text[], ${f("processed")}::bigint[]) AS f(check_id, created, old_status, new_status, reason, processed)
      WHERE f.check_id IN (SELECT id FROM updated)
    ), inserted AS (
      INSERT INTO pings (check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid)
      SELECT check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid
      FROM unnest(${p("check_id")}::bigint[], ${p("n")}::integer[], ${p("created")}::bigint[], ${p("kind")}::text[],
        ${p("scheme")}::text[], ${p("remote_addr")}::text[], ${p("method")}::text[], ${p("ua")}::text[],
        ${p("body")}::bytea[], ${p("exitstatus")}::integer[], ${p("rid")}::text[])
        WITH ORDINALITY AS p(check_id, n, created, kind, scheme, remote_addr, method, ua, body, exitstatus, rid, ord)
      WHERE p.check_id IN (SELECT id FROM updated)
      ORDER BY ord
    )
    SELECT id, xmin FROM updated`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), r.xmin]));
}
