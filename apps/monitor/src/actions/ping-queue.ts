// Group commit for pings on SQLite (packages/platform groupCommit): pings that arrive
// while the event loop is busy are written together in one IMMEDIATE transaction on the
// next turn, and every caller is answered only after that transaction has committed.
import { GroupCommitQueue } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { classifyPing, FLIP_RETENTION_MS, planPing, PRUNE_EVERY } from "../lib/ping-plan.js";
import { SqlitePingStore } from "../store/sqlite-pings.js";
import { precheck, type PingOutcome, type PingSubmission, type PingTarget } from "./record-ping.js";

interface QueuedPing {
  target: PingTarget;
  submission: PingSubmission;
}

// Bounds the time one batch holds the event loop (about 20 µs per ping).
const MAX_BATCH = 500;

export class SqlitePingQueue {
  private readonly queue: GroupCommitQueue<QueuedPing, PingOutcome>;
  private flipped = false;

  constructor(
    private readonly deps: MonitorDeps,
    private readonly store: SqlitePingStore,
  ) {
    this.queue = new GroupCommitQueue({
      db: deps.db,
      store: { transaction: (work) => store.transaction(work), write: (item) => this.apply(item) },
      maxBatch: MAX_BATCH,
      afterBatch: () => {
        // A flip from a batch that was rolled back and retried only wakes the worker early.
        if (this.flipped) this.deps.alertWorker?.wake();
        this.flipped = false;
      },
    });
  }

  submit(target: PingTarget, submission: PingSubmission): Promise<PingOutcome> {
    return this.queue.submit({ target, submission });
  }

  private apply({ target, submission }: QueuedPing): PingOutcome {
    const check = "uuid" in target ? this.store.findByUuid(target.uuid) : this.store.findById(target.checkId);
    if (!check) return "not_found";
    const outcome = precheck(check, submission);
    if (outcome !== "ok") return outcome;

    const now = this.deps.clock.now().getTime();
    const input = submission.input;
    const plan = planPing(check, classifyPing(check, input), now, input.rid, input.body);
    this.store.updateCheck(check, plan);
    if (plan.flip) {
      this.store.insertFlip({ check_id: check.id, created: now, ...plan.flip, processed: null });
      this.flipped = true;
    }
    this.store.insertPing(check.id, plan, now, input);
    if (plan.after.n_pings % PRUNE_EVERY === 0) this.store.prune(check, plan.after.n_pings, now - FLIP_RETENTION_MS);
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
