// Group commit for pings on SQLite. Pings that arrive while the event loop is busy are
// queued and written together in one IMMEDIATE transaction on the next turn; every
// caller is answered only after that transaction has committed, so nothing is
// acknowledged before it is stored. If a batch fails, its pings are retried one by one
// so one bad ping cannot take others down with it.
import type { MonitorDeps } from "../deps.js";
import { classifyPing, FLIP_RETENTION_MS, planPing, PRUNE_EVERY } from "../lib/pingPlan.js";
import { SqlitePingStore } from "../store/sqlitePings.js";
import { pingRow, precheck, type PingOutcome, type PingSubmission, type PingTarget } from "./recordPing.js";

interface Queued {
  target: PingTarget;
  submission: PingSubmission;
  resolve(outcome: PingOutcome): void;
  reject(error: unknown): void;
}

// Bounds the time one batch holds the event loop (about 20 µs per ping).
const MAX_BATCH = 500;

export class SqlitePingQueue {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(
    private readonly deps: MonitorDeps,
    private readonly store: SqlitePingStore,
  ) {}

  submit(target: PingTarget, submission: PingSubmission): Promise<PingOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ target, submission, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    let flipped = false;
    // Holding Kysely's connection keeps its transactions out of ours (same handle).
    await this.deps.db.connection().execute(async () => {
      try {
        const outcomes = this.store.transaction(() => batch.map((item) => this.apply(item, () => (flipped = true))));
        batch.forEach((item, i) => item.resolve(outcomes[i]));
      } catch {
        flipped = false;
        for (const item of batch) {
          try {
            item.resolve(this.store.transaction(() => this.apply(item, () => (flipped = true))));
          } catch (error) {
            item.reject(error);
          }
        }
      }
    });
    if (flipped) this.deps.alertWorker?.wake();
  }

  private apply(item: Queued, onFlip: () => void): PingOutcome {
    const { target, submission } = item;
    const check = "uuid" in target ? this.store.findByUuid(target.uuid) : this.store.findById(target.checkId);
    const outcome = precheck(check, submission);
    if (outcome !== "ok" || !check) return outcome;

    const now = this.deps.clock.now().getTime();
    const input = { ...submission.input, now };
    const plan = planPing(check, classifyPing(check, input), now, input.rid);
    const next = { ...check, ...plan.changes };
    this.store.updateCheck(check.id, {
      n_pings: plan.n,
      last_ping: next.last_ping ?? null,
      last_start: next.last_start ?? null,
      last_start_rid: next.last_start_rid ?? null,
      last_duration: next.last_duration ?? null,
      status: next.status as string,
      alert_after: next.alert_after ?? null,
    });
    if (plan.flip) {
      this.store.insertFlip({ check_id: check.id, created: now, ...plan.flip, processed: null });
      onFlip();
    }
    this.store.insertPing(pingRow(check.id, plan, input));
    if (plan.n % PRUNE_EVERY === 0) this.store.prune(check, plan.n, now - FLIP_RETENTION_MS);
    return "ok";
  }
}

const queues = new WeakMap<MonitorDeps, SqlitePingQueue>();

/** The deps' ping queue, made on first use; undefined when the database is not SQLite. */
export function sqlitePingQueue(deps: MonitorDeps): SqlitePingQueue | undefined {
  if (!deps.sqlite) return undefined;
  let queue = queues.get(deps);
  if (!queue) {
    queue = new SqlitePingQueue(deps, new SqlitePingStore(deps.sqlite));
    queues.set(deps, queue);
  }
  return queue;
}
