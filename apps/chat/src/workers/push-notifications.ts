// The push notification worker: each cycle decides the notifications of newly sent messages,
// queues removals for notified messages since read or deleted, and delivers what is due,
// batched per realm and retried with backoff. It runs beside the HTTP server (never on a
// request's path); any number may run against one PostgreSQL database (its claims are
// leases a heartbeat renews).
import { WorkerLoop } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { doDeliverDue, type DeliveryOptions } from "../actions/push-deliver.js";
import { doScanNewMessages, doScanRemovals, type ScanOptions } from "../actions/push-decide.js";

/** How long a claim (the scan cursor, a batch of the outbox) holds unless renewed, and how often
 * a live worker renews it: a killed worker's notifications go out a lease later (it was 60 s). */
export const PUSH_LEASE_MS = 15_000;
export const PUSH_HEARTBEAT_MS = 5_000;

export interface PushWorkerOptions extends Partial<ScanOptions>, Partial<DeliveryOptions> {
  /** time between cycles when started */
  intervalMs?: number;
}

export interface PushCycle {
  /** notifications decided */
  queued: number;
  /** removals queued */
  removals: number;
  /** outbox rows taken for delivery */
  delivered: number;
}

export class PushNotificationWorker extends WorkerLoop<PushCycle> {
  private readonly scan: ScanOptions;
  private readonly delivery: DeliveryOptions;

  constructor(
    private readonly deps: ChatDeps,
    options: PushWorkerOptions = {},
  ) {
    super({ log: deps.log, intervalMs: options.intervalMs ?? 1000, failure: "push notification cycle failed", name: "push notification worker" });
    this.scan = {
      batch: options.batch ?? 500,
      // PostgreSQL hands out message ids before commit: a moment's wait lets a slower
      // transaction with a lower id commit before the cursor passes it. SQLite commits in id order.
      settleMs: options.settleMs ?? (deps.dialect === "postgres" ? 2000 : 0),
      maxAgeMs: options.maxAgeMs ?? 60 * 60 * 1000,
      leaseMs: options.leaseMs ?? PUSH_LEASE_MS,
      heartbeatMs: options.heartbeatMs ?? PUSH_HEARTBEAT_MS,
    };
    this.delivery = { batch: options.batch ?? 500, leaseMs: this.scan.leaseMs, heartbeatMs: this.scan.heartbeatMs };
  }

  async runOnce(): Promise<PushCycle> {
    const queued = await doScanNewMessages(this.deps, this.scan);
    const removals = await doScanRemovals(this.deps, this.scan.batch);
    let delivered = 0;
    // Keep delivering while full batches come back, so a burst drains in one cycle.
    for (let taken = this.delivery.batch; taken === this.delivery.batch; delivered += taken) taken = await doDeliverDue(this.deps, this.delivery);
    return { queued, removals, delivered };
  }
}
