// Claiming checks whose alert deadline passed. On PostgreSQL the rows are locked with
// FOR UPDATE SKIP LOCKED, so any number of workers share the work and never flip one
// check twice. On SQLite one IMMEDIATE transaction (raw statements, for speed) holds the
// write lock from the first read, which gives the same guarantee across processes.
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

const flipRow = (d: DueChanges["down"][number]): Omit<Flip, "id"> => ({
  check_id: d.id,
  created: d.flipTime,
  old_status: d.old_status,
  new_status: "down",
  reason: d.reason,
  processed: null,
});

/** Kysely (PostgreSQL): claims a batch, lets `decide` judge it, writes the outcome. */
export async function claimDueChecks(db: Db, now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges): Promise<number> {
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
    if (rows.length === 0) return 0;
    const changes = decide(rows);
    if (changes.down.length > 0) {
      await trx.updateTable("checks").set({ status: "down", alert_after: null }).where("id", "in", changes.down.map((d) => d.id)).execute();
      await trx.insertInto("flips").values(changes.down.map(flipRow)).execute();
    }
    for (const r of changes.reschedule) await trx.updateTable("checks").set({ alert_after: r.alertAfter }).where("id", "=", r.id).execute();
    return rows.length;
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
  private readonly due;
  private readonly markDown;
  private readonly flip;
  private readonly reschedule;

  constructor(private readonly sqlite: Handle) {
    this.due = sqlite.prepare(`SELECT ${COLUMNS.join(", ")} FROM checks WHERE alert_after < ? AND status != 'down' ORDER BY alert_after LIMIT ?`).raw();
    // One statement per batch: the ids travel as a JSON array.
    this.markDown = sqlite.prepare("UPDATE checks SET status = 'down', alert_after = NULL WHERE id IN (SELECT value FROM json_each(?))");
    // The batch's flips in one statement too, as [check id, time, old status, reason]: one
    // statement per flip paid the driver's round trip 5,000 times.
    this.flip = sqlite.prepare("INSERT INTO flips (check_id, created, old_status, new_status, reason, processed) SELECT value ->> 0, value ->> 1, value ->> 2, 'down', value ->> 3, NULL FROM json_each(?)");
    this.reschedule = sqlite.prepare("UPDATE checks SET alert_after = ? WHERE id = ?");
  }

  /** Synchronous; the caller must hold Kysely's connection (same handle). */
  claim(now: number, limit: number, decide: (rows: DueCheck[]) => DueChanges): number {
    return this.sqlite
      .transaction(() => {
        const rows = (this.due.all(now, limit) as DueRow[]).map(dueCheck);
        if (rows.length === 0) return 0;
        const changes = decide(rows);
        if (changes.down.length > 0) {
          this.markDown.run(JSON.stringify(changes.down.map((d) => d.id)));
          this.flip.run(JSON.stringify(changes.down.map((d) => [d.id, d.flipTime, d.old_status, d.reason])));
        }
        for (const r of changes.reschedule) this.reschedule.run(r.alertAfter, r.id);
        return rows.length;
      })
      .immediate();
  }
}

/** The earliest alert deadline, so the worker can sleep until just after it. */
export async function nextDeadline(db: Db): Promise<number | null> {
  const row = await db.selectFrom("checks").select(sql<number | null>`min(alert_after)`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
