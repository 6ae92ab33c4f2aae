// The ping path's writes on PostgreSQL for a batch of pings (actions/postgres-ping-queue.ts):
// one statement reads the batch's checks, one writes everything (its own transaction), arrays
// bound as parameters (unnest): a batch costs two round trips whatever its size, and both are
// prepared statements (planned once per connection).
import { sql } from "kysely";
import { preparedStatementMarker } from "@beacon/platform";
import type { Db } from "../deps.js";
import { compileBodyRegex } from "../lib/body-regex.js";
import { extensionsOf, PING_CHECK_COLUMNS, PING_ROW_COLUMNS, PINGED_COLUMNS, type KeptCheck, type PingRow } from "../lib/ping-plan.js";
import type { NewFlip } from "./schema.js";

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
  // The rules the settings derive, once per row version read (ping-plan.ts PingRules).
  for (const row of rows) {
    row.extensions = extensionsOf(row);
    row.bodyPattern = compileBodyRegex(row.body_regex);
  }
  return rows;
}

/** The fields a ping changes (ping-plan.ts PINGED_COLUMNS), as they stand after the batch's last ping of the check. */
export type PingedCheck = Pick<VersionedPingCheck, "id" | "xmin" | (typeof PINGED_COLUMNS)[number]>;

// The PostgreSQL type of each column written, for its array parameter.
const PINGED_TYPES: Record<(typeof PINGED_COLUMNS)[number], string> = {
  n_pings: "integer", last_ping: "bigint", last_start: "bigint", last_start_rid: "text", last_duration: "bigint", status: "text", fail_count: "integer", alert_after: "bigint",
};
const PING_ROW_TYPES: Record<(typeof PING_ROW_COLUMNS)[number], string> = {
  check_id: "bigint", n: "integer", created: "bigint", kind: "text", scheme: "text", remote_addr: "text", method: "text", ua: "text", body: "bytea", exitstatus: "integer", rid: "text",
};
const PINGED_SET = sql.raw(PINGED_COLUMNS.map((column) => `${column} = v.${column}`).join(", "));
const PINGED_NAMES = sql.raw(PINGED_COLUMNS.join(", "));
const PING_ROW_NAMES = sql.raw(PING_ROW_COLUMNS.join(", "));

/** One array parameter per column, of the rows' values in order: `$1::bigint[], $2::text[], …`. */
function columnArrays<R, C extends keyof R & string>(rows: R[], columns: readonly C[], types: Record<C, string>) {
  return sql.join(columns.map((column) => sql`${rows.map((row) => row[column])}::${sql.raw(types[column])}[]`));
}

/**
 * Writes a batch in one statement, so in one round trip and one transaction: the checks' new
 * fields where the row is still the version read (`xmin`), then the flips and pings of the
 * checks so updated only, the pings in array order (ids, and so the API's ping order, follow
 * it). Returns the checks written, by id, with their new row version; the others changed
 * meanwhile (their pings must be planned again from the new row).
 */
export async function writePingBatch(db: Db, checks: PingedCheck[], flips: NewFlip[], pings: PingRow[]): Promise<Map<number, string>> {
  const f = <K extends keyof NewFlip>(key: K) => flips.map((row) => row[key]);
  const { rows } = await sql<{ id: number; xmin: string }>`${sql.raw(WRITE_BATCH)}
    WITH updated AS (
      UPDATE checks AS c SET ${PINGED_SET}
      FROM unnest(${checks.map((row) => row.id)}::bigint[], ${checks.map((row) => row.xmin)}::text[], ${columnArrays(checks, PINGED_COLUMNS, PINGED_TYPES)})
        AS v(id, xmin, ${PINGED_NAMES})
      WHERE c.id = v.id AND c.xmin = v.xmin::xid
      RETURNING c.id, c.xmin::text AS xmin
    ), flipped AS (
      INSERT INTO flips (check_id, created, old_status, new_status, reason, processed)
      SELECT * FROM unnest(${f("check_id")}::bigint[], ${f("created")}::bigint[], ${f("old_status")}::text[], ${f("new_status")}::text[],
        ${f("reason")}::text[], ${f("processed")}::bigint[]) AS f(check_id, created, old_status, new_status, reason, processed)
      WHERE f.check_id IN (SELECT id FROM updated)
    ), inserted AS (
      INSERT INTO pings (${PING_ROW_NAMES})
      SELECT ${PING_ROW_NAMES}
      FROM unnest(${columnArrays(pings, PING_ROW_COLUMNS, PING_ROW_TYPES)})
        WITH ORDINALITY AS p(${PING_ROW_NAMES}, ord)
      WHERE p.check_id IN (SELECT id FROM updated)
      ORDER BY ord
    )
    SELECT id, xmin FROM updated`.execute(db);
  return new Map(rows.map((r) => [Number(r.id), r.xmin]));
}
