// Step 1 of the alert worker: checks past their deadline go down, each with a flip dated
// at the deadline, alerted (or held) in the same transaction (flip-notifications.ts). Batches
// until nothing is due. "Now" is the alert clock's (alert-clock.ts): a step of the wall clock
// alone does not put a check down.
import type { MonitorDeps } from "../deps.js";
import { dueNow } from "./alert-clock.js";
import { queueFlipAlerts } from "./flip-notifications.js";
import { decideDue } from "../lib/going-down.js";
import { downDependencies } from "../store/dependencies.js";
import { claimDueChecks, SqliteDueChecks, type Claimed, type DueCheck, type DueChanges } from "../store/due-checks.js";

// Large batches on purpose: 100,000 checks falling due at once must all be down within a second.
const BATCH = 5000;
const sqliteStores = new WeakMap<MonitorDeps, SqliteDueChecks>();

function decideAll(rows: DueCheck[], now: number): DueChanges {
  const changes: DueChanges = { down: [], reschedule: [] };
  for (const row of rows) {
    const decision = decideDue(row, now);
    if (decision.kind === "down") changes.down.push({ id: row.id, old_status: row.status, flipTime: decision.flipTime, reason: decision.reason });
    else changes.reschedule.push({ id: row.id, alertAfter: decision.alertAfter });
  }
  return changes;
}

/** Returns how many checks went down, and how many notifications their flips queued. */
export async function flipDueChecks(deps: MonitorDeps): Promise<{ down: number; queued: number }> {
  let down = 0;
  let queued = 0;
  const decide = (now: number) => (rows: DueCheck[]) => {
    const changes = decideAll(rows, now);
    down += changes.down.length;
    return changes;
  };
  for (;;) {
    const now = dueNow(deps);
    // Alerts are dated by the wall clock, as the pass over unprocessed flips dates them.
    const alertedAt = deps.clock.now().getTime();
    let batch: Claimed;
    if (deps.sqlite) {
      let store = sqliteStores.get(deps);
      if (!store) sqliteStores.set(deps, (store = new SqliteDueChecks(deps.sqlite)));
      const s = store;
      // Kysely's connection is held so none of its transactions interleaves with ours, and the
      // alerts' queries run inside ours on it.
      batch = await deps.db.connection().execute((conn) =>
        s.claim(
          now, BATCH, decide(now), alertedAt,
          (checkIds) => downDependencies(conn, checkIds, s.handle),
          (flips) => queueFlipAlerts(conn, deps.dialect, flips, alertedAt, { sqlite: s.handle, dependenciesJudged: true }),
        ),
      );
    } else {
      batch = await claimDueChecks(
        deps.db, now, BATCH, decide(now), alertedAt,
        (trx, checkIds) => downDependencies(trx, checkIds),
        (trx, flips) => queueFlipAlerts(trx, deps.dialect, flips, alertedAt, { dependenciesJudged: true }),
      );
    }
    queued += batch.queued;
    if (batch.claimed < BATCH) return { down, queued };
  }
}
