// Claiming checks whose alert deadline passed. On PostgreSQL the rows are locked with
// FOR UPDATE SKIP LOCKED, so any number of workers share the work and never flip one
// check twice. On SQLite one IMMEDIATE transaction (raw statements, for speed) holds the
// write lock from the first read, which gives the same guarantee across processes.
//
// The flips are alerted in the transaction that records them (`alert`), and stored already
// processed, unless their check has an older flip not yet processed: that one is alerted
// first, by the pass over unprocessed flips, so alerts keep the order the flips happened in.
// A flip alerted at once is written with the dependency that holds its alerts back, if one
// is down (`holds`, asked once the whole batch is marked down), rather than in a row of its own.
import { sql } from "kysely";
import type { Database } from "@beacon/platform";
import type { Db } from "../deps.js";
import type { CheckTiming } from "../lib/status.js";
import type { DependencyHold } from "./held-alerts.js";
import type { Flip, MonitorDB, StoredStatus } from "./schema.js";

export type DueCheck = CheckTiming & { id: number; alert_after: number };

export interface DueChanges {
  down: { id: number; old_status: StoredStatus; flipTime: number; reason: string }[];
  reschedule: { id: number; alertAfter: number | null }[];
}

const COLUMNS = ["id", "status", "kind", "timeout", "grace", "schedule", "tz", "last_ping", "last_start", "alert_after", "fail_threshold", "fail_count", "max_duration"] as const;

/** Queues the alerts of flips just recorded, in their transaction; returns how many. */
export type AlertFlips = (db: Db, flips: Flip[]) => Promise<number>;

/** The dependency holding back the down alerts of each of these checks, in their order, if any (in the transaction). */
export type DependencyHolds = (db: Db, checkIds: number[]) => Promise<(DependencyHold | undefined)[]>;

export interface Claimed {
  claimed: number;
  queued: number;
}

const flipRow = (d: DueChanges["down"][number], processed: number | null, hold: DependencyHold | undefined): Omit<Flip, "id"> => ({
  check_id: d.id,
  created: d.flipTime,
  old_status: d.old_status,
  new_status: "down",
  reason: d.reason,
  processed,
  held_by_uuid: hold?.uuid ?? null,
  held_by_name: hold?.name ?? null,
});

/**
 * The batch's flips, in the order of `down`. A check with an older flip still to alert
 * (`behind`) leaves its new one unprocessed; the others are processed at `processed`, each
 * with its hold (`held`, in the order of `down`).
 */
const flipRows = (down: DueChanges["down"], behind: Set<number>, processed: number, held: (DependencyHold | undefined)[]): Omit<Flip, "id">[] =>
  down.map((d, i) => (behind.has(d.id) ? flipRow(d, null, undefined) : flipRow(d, processed, held[i])));

/**
 * Kysely (PostgreSQL): claims a batch due before `now`, lets `decide` judge it, writes the
 * outcome; the flips alerted in it are marked processed at `processed`.
 */
export async function claimDueChecks(db: Db, now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges, processed: number, holds: DependencyHolds, alert: AlertFlips): Promise<Claimed> {
  return db.transaction().execute(async (trx) => {
    const rows = (await trx
      .selectFrom("checks")
      .select(COLUMNS)
      .where("alert_after", "<", now)
      .where("status", "!=", "down")
      .orderBy("alert_after")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute()) as DueCheck[];
    if (rows.length === 0) return { claimed: 0, queued: 0 };
    const changes = decide(rows);
    for (const r of changes.reschedule) await trx.updateTable("checks").set({ alert_after: r.alertAfter }).where("id", "=", r.id).execute();
    if (changes.down.length === 0) return { claimed: rows.length, queued: 0 };
    const ids = changes.down.map((d) => d.id);
    await trx.updateTable("checks").set({ status: "down", alert_after: null }).where("id", "in", ids).execute();
    const waiting = await trx.selectFrom("flips").select("check_id").distinct().where("processed", "is", null).where("check_id", "in", ids).execute();
    const behind = new Set(waiting.map((w) => Number(w.check_id)));
    const held = await holds(trx, ids);
    const flips = await trx.insertInto("flips").values(flipRows(changes.down, behind, processed, held)).returningAll().execute();
    return { claimed: rows.length, queued: await alert(trx, flips.filter((f) => f.processed !== null)) };
  });
}

// A due check as an array in COLUMNS order. The batch crosses from SQLite as one JSON text
// (an array of these) that JSON.parse turns into arrays: the driver hands a row over one
// value at a time through V8's generic API, about a thousand instructions a value, which for
// 5,000 rows of 13 columns cost more than SQLite's whole read.
type DueRow = [number, DueCheck["status"], DueCheck["kind"], number, number, string, string, number | null, number | null, number, number, number, number];
const dueCheck = ([id, status, kind, timeout, grace, schedule, tz, last_ping, last_start, alert_after, fail_threshold, fail_count, max_duration]: DueRow): DueCheck => ({
  id, status, kind, timeout, grace, schedule, tz, last_ping, last_start, alert_after, fail_threshold, fail_count, max_duration,
});

type Handle = NonNullable<Database<MonitorDB>["sqlite"]>;

/** Unprocessed flips read whole before the batch's checks are matched against them in SQL. */
const WAITING_READ = 1000;

export class SqliteDueChecks {
  private readonly begin;
  private readonly commit;
  private readonly rollback;
  private readonly due;
  private readonly markDown;
  private readonly waiting;
  private readonly behind;
  private readonly flip;
  private readonly reschedule;

  constructor(readonly handle: Handle) {
    const sqlite = handle;
    this.begin = sqlite.prepare("BEGIN IMMEDIATE");
    this.commit = sqlite.prepare("COMMIT");
    this.rollback = sqlite.prepare("ROLLBACK");
    this.due = sqlite
      .prepare(`SELECT json_group_array(json_array(${COLUMNS.join(", ")})) FROM (SELECT ${COLUMNS.join(", ")} FROM checks WHERE alert_after < ? AND status != 'down' ORDER BY alert_after LIMIT ?)`)
      .pluck();
    // One statement per batch: the ids travel as a JSON array. OR FAIL spares SQLite the
    // statement journal it keeps for a statement writing many rows that might have to undo
    // itself (a copy of each page it changes, a fifth of this statement's time): no constraint
    // covers these two columns, and any failure rolls the whole transaction back anyway.
    this.markDown = sqlite.prepare("UPDATE OR FAIL checks SET status = 'down', alert_after = NULL WHERE id IN (SELECT value FROM json_each(?))");
    // Flips wait unprocessed only briefly (a ping's, until the worker's next pass): their few
    // checks are read whole through `flips_unprocessed`, and only a long queue of them is
    // matched against the batch in SQL.
    this.waiting = sqlite.prepare("SELECT check_id FROM flips WHERE processed IS NULL LIMIT ?").pluck();
    this.behind = sqlite.prepare("SELECT DISTINCT check_id FROM flips WHERE processed IS NULL AND check_id IN (SELECT value FROM json_each(?))").pluck();
    // One prepared statement per flip, the row built here: about half the time of one
    // statement per batch (`INSERT … SELECT … FROM json_each(?) RETURNING *`), whose rows
    // SQLite parsed from JSON, copied into a statement journal (a statement writing many rows
    // may have to undo itself) and handed back as objects.
    this.flip = sqlite.prepare("INSERT INTO flips (check_id, created, old_status, new_status, reason, processed, held_by_uuid, held_by_name) VALUES (?, ?, ?, 'down', ?, ?, ?, ?)");
    this.reschedule = sqlite.prepare("UPDATE checks SET alert_after = ? WHERE id = ?");
  }

  /**
   * One IMMEDIATE transaction, which `alert` joins (its queries run on this handle). The caller
   * must hold Kysely's connection for the whole of it, so nothing else runs in between.
   */
  async claim(now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges, processed: number, holds: (checkIds: number[]) => Promise<(DependencyHold | undefined)[]>, alert: (flips: Flip[]) => Promise<number>): Promise<Claimed> {
    this.begin.run();
    try {
      // In deadline order (an aggregate promises none, though SQLite keeps its input's).
      const rows = (JSON.parse(this.due.get(now, limit) as string) as DueRow[]).map(dueCheck).sort((a, b) => a.alert_after - b.alert_after);
      const changes = decide(rows);
      for (const r of changes.reschedule) this.reschedule.run(r.alertAfter, r.id);
      let queued = 0;
      if (changes.down.length > 0) {
        const downIds = changes.down.map((d) => d.id);
        const ids = JSON.stringify(downIds);
        this.markDown.run(ids);
        const waiting = this.waiting.all(WAITING_READ + 1) as number[];
        const behind = new Set(waiting.length <= WAITING_READ ? waiting : (this.behind.all(ids) as number[]));
        // The holds come as a list in the batch's order rather than a map by check: for 5,000
        // checks a batch, building maps cost more than the statement that found the holds.
        // The flips are written in the order of their checks, and take their ids in it, so the
        // inserts into `flips_check_created` go front to back rather than to random places.
        // Their alerts keep the order in which the checks fell due.
        const flips = flipRows(changes.down, behind, processed, await holds(downIds)).map((f) => ({ id: 0, ...f }));
        for (const f of [...flips].sort((a, b) => a.check_id - b.check_id)) f.id = Number(this.flip.run(f.check_id, f.created, f.old_status, f.reason, f.processed, f.held_by_uuid, f.held_by_name).lastInsertRowid);
        queued = await alert(flips.filter((f) => f.processed !== null));
      }
      this.commit.run();
      return { claimed: rows.length, queued };
    } catch (error) {
      if (this.handle.inTransaction) this.rollback.run();
      throw error;
    }
  }
}

/** The earliest alert deadline, so the worker can sleep until just after it. */
export async function nextDeadline(db: Db): Promise<number | null> {
  const row = await db.selectFrom("checks").select(sql<number | null>`min(alert_after)`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
