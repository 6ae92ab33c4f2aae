// Group commit for pings on PostgreSQL, as ping-queue.ts does on SQLite: pings that arrive
// while a batch is being written wait, and are written together: the batch's checks are read,
// the pings planned in memory, then one statement (one transaction) updates the checks still
// as read and inserts their flips and pings (store/postgres-pings.ts). Every caller is answered
// only after that statement has committed, so nothing acknowledged can be lost to a crash.
// A check changed in between (another batch or process, an API update) has its pings planned
// again; a batch that fails (a deadlock, a bad row) is retried one ping at a time through
// recordPing, which locks the row, so a bad ping fails alone. A few batches run at once.
import type { MonitorDeps } from "../deps.js";
import { classifyPing, FLIP_RETENTION_MS, pingRow, planPing, PRUNE_EVERY, type PingPlan } from "../lib/ping-plan.js";
import { findCheckById, findCheckByUuid } from "../store/checks.js";
import { pingLogLimit, pruneCheckHistory } from "../store/ping-writes.js";
import { readChecksForPings, writePingBatch, type VersionedPingCheck } from "../store/postgres-pings.js";
import type { NewFlip, Ping } from "../store/schema.js";
import { precheck, recordPing, type PingOutcome, type PingSubmission, type PingTarget } from "./record-ping.js";

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
// Checks kept as last written by this process, so that their next pings skip the read: a
// kept version that is no longer the row's (another process, an API update) only costs a
// read and a second try. Bounded in number, and in age (an xid is reused after 2^32
// transactions; an entry cannot live that long).
const MAX_KNOWN = 100_000;
const KNOWN_FOR_MS = 10 * 60_000;

/**
 * The check as a ping leaves it, as the batch's own new object written field by field, with
 * the version of the row it was planned from: every check the queue holds then has one object
 * shape (spreading the plan's changes, whose fields vary with the ping, made each a slow copy
 * and the loop's property reads megamorphic).
 */
function pingedCheck(check: VersionedPingCheck, plan: PingPlan): VersionedPingCheck {
  const f = plan.after;
  return {
    uuid: check.uuid,
    xmin: check.xmin,
    id: check.id,
    project_id: check.project_id,
    kind: check.kind,
    timeout: check.timeout,
    grace: check.grace,
    schedule: check.schedule,
    tz: check.tz,
    methods: check.methods,
    manual_resume: check.manual_resume,
    start_kw: check.start_kw,
    success_kw: check.success_kw,
    failure_kw: check.failure_kw,
    filter_http_body: check.filter_http_body,
    filter_default_fail: check.filter_default_fail,
    status: f.status,
    n_pings: f.n_pings,
    last_ping: f.last_ping,
    last_start: f.last_start,
    last_start_rid: f.last_start_rid,
    last_duration: f.last_duration,
    alert_after: f.alert_after,
    fail_threshold: check.fail_threshold,
    fail_count: f.fail_count,
    min_duration: check.min_duration,
    max_duration: check.max_duration,
    body_regex: check.body_regex,
    extensions: check.extensions,
    bodyPattern: check.bodyPattern,
  };
}

export class PostgresPingQueue {
  private queue: Queued[] = [];
  // The checks this process wrote, as written and with the row version the write made.
  private readonly known = new Map<string, { check: VersionedPingCheck; at: number }>();
  private readonly knownById = new Map<number, { check: VersionedPingCheck; at: number }>();
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
    let pending = batch;
    // A check changed between the read and the write (another batch, another process, an API
    // update): its pings are planned again from the new row, a few times at most.
    for (let attempt = 0; attempt < 3 && pending.length > 0; attempt++) {
      try {
        pending = await this.writeOnce(pending);
      } catch {
        break; // retried below, each alone
      }
    }
    await Promise.all(pending.map((queued) => this.writeAlone(queued)));
  }

  /** Writes what it can of the batch and answers it; returns the pings to plan again. */
  private async writeOnce(batch: Queued[]): Promise<Queued[]> {
    // Checks this process wrote last are known with their version: only the others are read.
    const uuids: string[] = [];
    const ids: number[] = [];
    const byUuid = new Map<string, VersionedPingCheck>();
    const byId = new Map<number, VersionedPingCheck>();
    const fresh = this.deps.clock.now().getTime() - KNOWN_FOR_MS;
    for (const { target } of batch) {
      const known = "uuid" in target ? this.known.get(target.uuid) : this.knownById.get(target.checkId);
      if (known && known.at > fresh) {
        byId.set(Number(known.check.id), known.check);
        byUuid.set(known.check.uuid, known.check);
      } else if ("uuid" in target) uuids.push(target.uuid);
      else ids.push(target.checkId);
    }
    if (uuids.length > 0 || ids.length > 0) {
      for (const check of await readChecksForPings(this.deps.db, uuids, ids)) {
        byId.set(Number(check.id), check);
        byUuid.set(check.uuid, check);
      }
    }

    const outcomes: PingOutcome[] = [];
    const checkOf: (number | undefined)[] = [];
    const pings: Omit<Ping, "id">[] = [];
    const flips: NewFlip[] = [];
    const changed = new Map<number, VersionedPingCheck>();
    const pruned: VersionedPingCheck[] = [];
    for (const { target, submission } of batch) {
      const found = "uuid" in target ? byUuid.get(target.uuid) : byId.get(target.checkId);
      const check = found && (changed.get(Number(found.id)) ?? found);
      const outcome = precheck(check, submission);
      outcomes.push(outcome);
      checkOf.push(outcome === "ok" ? Number(check!.id) : undefined);
      if (outcome !== "ok" || !check) continue;
      const now = this.deps.clock.now().getTime();
      const input = submission.input;
      const plan = planPing(check, classifyPing(check, input), now, input.rid, input.body);
      const after = pingedCheck(check, plan);
      changed.set(Number(check.id), after);
      if (plan.flip) flips.push({ check_id: check.id, created: now, ...plan.flip, processed: null });
      pings.push(pingRow(check.id, plan, input, now));
      if (plan.after.n_pings % PRUNE_EVERY === 0) pruned.push(after);
    }
    const written = pings.length > 0 ? await writePingBatch(this.deps.db, [...changed.values()], flips, pings) : new Map<number, string>();
    for (const check of changed.values()) {
      const xmin = written.get(Number(check.id));
      if (xmin === undefined) this.forget(check);
      else {
        // The object is this batch's own (pingedCheck), so it can take its new version.
        check.xmin = xmin;
        this.remember(check);
      }
    }

    if (flips.some((f) => written.has(Number(f.check_id)))) this.deps.alertWorker?.wake();
    const now = this.deps.clock.now().getTime();
    for (const check of pruned) {
      if (!written.has(Number(check.id))) continue;
      try {
        await pruneCheckHistory(this.deps.db, check.id, check.n_pings, await pingLogLimit(this.deps.db, check.project_id), now - FLIP_RETENTION_MS);
      } catch (error) {
        // The pings are committed; pruning runs again at the next hundredth ping.
        this.deps.log.warn({ err: error, checkId: check.id }, "pruning a check's pings failed");
      }
    }
    const again: Queued[] = [];
    batch.forEach((queued, i) => {
      const checkId = checkOf[i];
      if (checkId !== undefined && !written.has(checkId)) again.push(queued);
      else queued.resolve(outcomes[i]);
    });
    return again;
  }

  private remember(check: VersionedPingCheck): void {
    this.forget(check);
    const entry = { check, at: this.deps.clock.now().getTime() };
    this.known.set(check.uuid, entry);
    this.knownById.set(Number(check.id), entry);
    // A Map iterates in insertion order: the first entry is the least recently written.
    if (this.known.size > MAX_KNOWN) this.forget(this.known.values().next().value!.check);
  }

  private forget(check: VersionedPingCheck): void {
    this.known.delete(check.uuid);
    this.knownById.delete(Number(check.id));
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
