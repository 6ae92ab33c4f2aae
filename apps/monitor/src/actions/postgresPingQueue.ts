// Group commit for pings on PostgreSQL, as pingQueue.ts does on SQLite: pings that arrive
// while a batch is being written wait, and are written together in one transaction (lock
// the batch's checks in id order, then one statement updating them and inserting the flips
// and pings); every caller is answered only after that transaction has committed, so nothing
// acknowledged can be lost to a crash. A few batches run at once (each on its own pooled connection): overlapping
// ones queue on the row locks. A batch that fails (a deadlock with some other transaction,
// a bad row) is retried one ping at a time through recordPing, so a bad ping fails alone.
import type { MonitorDeps } from "../deps.js";
import { classifyPing, FLIP_RETENTION_MS, planPing, PRUNE_EVERY, type PingCheck } from "../lib/pingPlan.js";
import { findCheckById, findCheckByUuid } from "../store/checks.js";
import { pingLogLimit, pruneCheckHistory } from "../store/pingWrites.js";
import { lockChecksForPings, writePingBatch } from "../store/postgresPings.js";
import type { Flip, Ping } from "../store/schema.js";
import { pingRow, precheck, recordPing, type PingOutcome, type PingSubmission, type PingTarget } from "./recordPing.js";

interface Queued {
  target: PingTarget;
  submission: PingSubmission;
  resolve(outcome: PingOutcome): void;
  reject(error: unknown): void;
}

// Bounds on one batch: its pings, and the bytes of their bodies (one statement carries them).
const MAX_BATCH = 500;
const MAX_BATCH_BODY_BYTES = 4 * 1024 * 1024;
// Batches in flight at once; the pool has 10 connections by default, the API needs some too.
const MAX_IN_FLIGHT = 3;

export class PostgresPingQueue {
  private queue: Queued[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly deps: MonitorDeps) {}

  submit(target: PingTarget, submission: PingSubmission): Promise<PingOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ target, submission, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    // The next turn: every ping that arrived during this one joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.inFlight >= MAX_IN_FLIGHT) return;
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
      this.schedule();
    });
  }

  private take(): Queued[] {
    let bytes = 0;
    let n = 0;
    while (n < this.queue.length && n < MAX_BATCH) {
      bytes += this.queue[n].submission.input.body?.length ?? 0;
      if (n > 0 && bytes > MAX_BATCH_BODY_BYTES) break;
      n++;
    }
    return this.queue.splice(0, n);
  }

  private async write(batch: Queued[]): Promise<void> {
    let result: { outcomes: PingOutcome[]; pruned: PingCheck[]; flipped: boolean } | undefined;
    try {
      result = await this.deps.db.transaction().execute((trx) => this.apply(trx, batch));
    } catch {
      // Retried below, each alone.
    }
    if (!result) {
      await Promise.all(batch.map((queued) => this.writeAlone(queued)));
      return;
    }
    if (result.flipped) this.deps.alertWorker?.wake();
    const now = this.deps.clock.now().getTime();
    for (const check of result.pruned) {
      try {
        await pruneCheckHistory(this.deps.db, check.id, check.n_pings, await pingLogLimit(this.deps.db, check.project_id), now - FLIP_RETENTION_MS);
      } catch (error) {
        // The pings are committed; pruning runs again at the next hundredth ping.
        this.deps.log.warn({ err: error, checkId: check.id }, "pruning a check's pings failed");
      }
    }
    batch.forEach((queued, i) => queued.resolve(result.outcomes[i]));
  }

  /** One transaction for the batch; returns each ping's outcome, in the batch's order. */
  private async apply(trx: MonitorDeps["db"], batch: Queued[]) {
    const uuids: string[] = [];
    const ids: number[] = [];
    for (const { target } of batch) {
      if ("uuid" in target) uuids.push(target.uuid);
      else ids.push(target.checkId);
    }
    const checks = await lockChecksForPings(trx, uuids, ids);
    const byUuid = new Map<string, PingCheck>();
    const byId = new Map<number, PingCheck>();
    for (const { uuid, ...check } of checks) {
      byId.set(Number(check.id), check);
      byUuid.set(uuid, check);
    }

    const outcomes: PingOutcome[] = [];
    const pings: Omit<Ping, "id">[] = [];
    const changed = new Map<number, PingCheck>();
    const pruned: PingCheck[] = [];
    const flips: Omit<Flip, "id">[] = [];
    for (const { target, submission } of batch) {
      const found = "uuid" in target ? byUuid.get(target.uuid) : byId.get(target.checkId);
      const check = found && (changed.get(Number(found.id)) ?? found);
      const outcome = precheck(check, submission);
      outcomes.push(outcome);
      if (outcome !== "ok" || !check) continue;
      const now = this.deps.clock.now().getTime();
      const input = { ...submission.input, now };
      const plan = planPing(check, classifyPing(check, input), now, input.rid);
      const after = { ...check, ...plan.changes, n_pings: plan.n } as PingCheck;
      changed.set(Number(check.id), after);
      if (plan.flip) flips.push({ check_id: check.id, created: now, ...plan.flip, processed: null });
      pings.push(pingRow(check.id, plan, input));
      if (plan.n % PRUNE_EVERY === 0) pruned.push(after);
    }
    if (pings.length > 0) await writePingBatch(trx, [...changed.values()], flips, pings);
    return { outcomes, pruned, flipped: flips.length > 0 };
  }

  private async writeAlone({ target, submission, resolve, reject }: Queued): Promise<void> {
    try {
      const check = "uuid" in target ? await findCheckByUuid(this.deps.db, target.uuid) : await findCheckById(this.deps.db, target.checkId);
      const outcome = precheck(check, submission);
      if (outcome !== "ok") return resolve(outcome);
      const input = { ...submission.input, now: this.deps.clock.now().getTime() };
      const saved = await recordPing(this.deps.db, check!.id, input, () => this.deps.alertWorker?.wake());
      resolve(saved ? "ok" : "not_found");
    } catch (error) {
      reject(error);
    }
  }
}

const queues = new WeakMap<MonitorDeps, PostgresPingQueue>();

/** The deps' ping queue, made on first use; undefined when the database is not PostgreSQL. */
export function postgresPingQueue(deps: MonitorDeps): PostgresPingQueue | undefined {
  if (deps.dialect !== "postgres") return undefined;
  let queue = queues.get(deps);
  if (!queue) {
    queue = new PostgresPingQueue(deps);
    queues.set(deps, queue);
  }
  return queue;
}
