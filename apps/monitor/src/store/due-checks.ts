// Claiming checks whose alert deadline passed. On PostgreSQL the rows are locked with
// FOR UPDATE SKIP LOCKED, so any number of workers share the work and never flip one
// check twice. On SQLite one IMMEDIATE transaction (raw statements, for speed) holds the
// write lock from the first read, which gives the same guarantee across processes.
//
// The flips are alerted in the transaction that records them (`alert`), and stored already
// processed, unless their check has an older flip not yet processed: that one is alerted
// first, by the pass over unprocessed flips, so alerts keep the order the flips happened in.
import { sql } from "kysely";
import type { Database } from "@beacon/platform";
import type { Db } from "../deps.js";
import type { CheckTiming } from "../lib/status.js";
import type { Flip, MonitorDB, StoredStatus } from "./schema.js";

export type DueCheck = CheckTiming & { id: number; alert_after: number };

export interface DueChanges {
  down: { id: number; old_status: StoredStatus; flipTime: number; reason: string }[];
  reschedule: { id: number; alertAfter: number | null }[];
}

const COLUMNS = ["id", "status", "kind", "timeout", "grace", "schedule", "tz", "last_ping", "last_start", "alert_after", "fail_threshold", "fail_count", "max_duration"] as const;

/** Queues the alerts of flips just recorded, in their transaction; returns how many. */
export type AlertFlips = (db: Db, flips: Flip[]) => Promise<number>;

export interface Claimed {
  claimed: number;
  queued: number;
}

const flipRow = (d: DueChanges["down"][number], processed: number | null): Omit<Flip, "id"> => ({
  check_id: d.id,
  created: d.flipTime,
  old_status: d.old_status,
  new_status: "down",
  reason: d.reason,
  processed,
});

/**
 * Kysely (PostgreSQL): claims a batch due before `now`, lets `decide` judge it, writes the
 * outcome; the flips alerted in it are marked processed at `processed`.
 */
export async function claimDueChecks(db: Db, now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges, processed: number, alert: AlertFlips): Promise<Claimed> {
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
    const flips = await trx.insertInto("flips").values(changes.down.map((d) => flipRow(d, behind.has(d.id) ? null : processed))).returningAll().execute();
    return { claimed: rows.length, queued: await alert(trx, flips.filter((f) => f.processed !== null)) };
  });
}

// A due check as a raw row (better-sqlite3's raw mode), in COLUMNS order: turning 5,000 arrays
// into objects here costs less than the driver building an object per row.
type DueRow = [number, DueCheck["status"], DueCheck["kind"], number, number, string, string, number | null, number | null, number, number, number, number];
const dueCheck = ([id, status, kind, timeout, grace, schedule, tz, last_ping, last_start, alert_after, fail_threshold, fail_count, max_duration]: DueRow): DueCheck => ({
  id, status, kind, timeout, grace, schedule, tz, last_ping, last_start, alert_after, fail_threshold, fail_count, max_duration,
});

type Handle = NonNullable<Database<MonitorDB>["sqlite"]>;

export class SqliteDueChecks {
  private readonly begin;
  private readonly commit;
  private readonly rollback;
  private readonly due;
  private readonly markDown;
  private readonly behind;
  private readonly flip;
  private readonly reschedule;

  constructor(private readonly sqlite: Handle) {
    this.begin = sqlite.prepare("BEGIN IMMEDIATE");
    this.commit = sqlite.prepare("COMMIT");
    this.rollback = sqlite.prepare("ROLLBACK");
    this.due = sqlite.prepare(`SELECT ${COLUMNS.join(", ")} FROM checks WHERE alert_after < ? AND status != 'down' ORDER BY alert_after LIMIT ?`).raw();
    // One statement per batch: the ids travel as a JSON array.
    this.markDown = sqlite.prepare("UPDATE checks SET status = 'down', alert_after = NULL WHERE id IN (SELECT value FROM json_each(?))");
    this.behind = sqlite.prepare("SELECT DISTINCT check_id FROM flips WHERE processed IS NULL AND check_id IN (SELECT value FROM json_each(?))").pluck();
    // The batch's flips in one statement too, as [check id, time, old status, reason,
    // processed]: one statement per flip paid the driver's round trip 5,000 times.
    this.flip = sqlite.prepare(
      "INSERT INTO flips (check_id, created, old_status, new_status, reason, processed) SELECT value ->> 0, value ->> 1, value ->> 2, 'down', value ->> 3, value ->> 4 FROM json_each(?) RETURNING *",
    );
    this.reschedule = sqlite.prepare("UPDATE checks SET alert_after = ? WHERE id = ?");
  }

  /**
   * One IMMEDIATE transaction, which `alert` joins (its queries run on this handle). The caller
   * must hold Kysely's connection for the whole of it, so nothing else runs in between.
   */
  async claim(now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges, processed: number, alert: (flips: Flip[]) => Promise<number>): Promise<Claimed> {
    this.begin.run();
    try {
      const rows = (this.due.all(now, limit) as DueRow[]).map(dueCheck);
      const changes = decide(rows);
      for (const r of changes.reschedule) this.reschedule.run(r.alertAfter, r.id);
      let queued = 0;
      if (changes.down.length > 0) {
        const ids = JSON.stringify(changes.down.map((d) => d.id));
        this.markDown.run(ids);
        const behind = new Set(this.behind.all(ids) as number[]);
        const flips = this.flip.all(JSON.stringify(changes.down.map((d) => [d.id, d.flipTime, d.old_status, d.reason, behind.has(d.id) ? null : processed]))) as Flip[];
        queued = await alert(flips.filter((f) => f.processed !== null));
      }
      this.commit.run();
      return { claimed: rows.length, queued };
    } catch (error) {
      if (this.sqlite.inTransaction) this.rollback.run();
      throw error;
    }
  }
}

/** The earliest alert deadline, so the worker can sleep until just after it. */
export async function nextDeadline(db: Db): Promise<number | null> {
  const row = await db.selectFrom("checks").select(sql<number | null>`min(alert_after)`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
