// The scheduled-message worker: every tick it claims due rows one by one (a conditional
// UPDATE … RETURNING, so any number of workers, in one process or many sharing a PostgreSQL
// database, never hold the same row) and delivers each. A claim is a short lease the worker's
// heartbeat renews while the send runs: if the worker dies after claiming but before its send
// commits, the row is taken over once the lease expires, 15 s later (it was a fixed 5 minutes,
// and a message due in a burst arrived 300 s late after a kill). A step of the wall clock is
// noticed against the monotonic clock: a message is late by the real time since it fell due,
// so a step forward does not make the messages it skipped over "too late" to send.
import { randomUUID } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { deliverScheduledMessage, type DeliveryOutcome } from "../actions/scheduled-delivery.js";
import { ClockJumpDetector, WorkerLoop, withHeartbeat } from "@beacon/platform";
import { claimScheduledMessage, dueScheduledIds, renewScheduledClaim } from "../store/scheduled-messages.js";

/** How long a claim holds unless renewed, and how often a live worker renews it. */
export const SCHEDULED_LEASE_MS = 15_000;
export const SCHEDULED_HEARTBEAT_MS = 5_000;

export interface ScheduledWorkerOptions {
  /** how long a claim holds before another worker may take the row over */
  leaseMs?: number;
  /** how often the claim under delivery is renewed */
  heartbeatMs?: number;
  /** rows looked at per cycle */
  batch?: number;
  /** time between cycles when started */
  intervalMs?: number;
}

export class ScheduledMessageWorker extends WorkerLoop<DeliveryOutcome[]> {
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly batch: number;
  private readonly clockJumps: ClockJumpDetector;

  constructor(
    private readonly deps: ChatDeps,
    options: ScheduledWorkerOptions = {},
  ) {
    super({ log: deps.log, intervalMs: options.intervalMs ?? 1000, failure: "scheduled message cycle failed", name: "scheduled message worker" });
    this.leaseMs = options.leaseMs ?? SCHEDULED_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? SCHEDULED_HEARTBEAT_MS;
    this.batch = options.batch ?? 50;
    this.clockJumps = new ClockJumpDetector(deps.clock, deps.log, {
      name: "scheduled message worker",
      forward: "messages and reminders due in the skipped span are sent now, not failed as late",
      back: "messages and reminders fall due later by as much",
    });
  }

  /** One delivery cycle: the outcome of every row this worker claimed. */
  async runOnce(): Promise<DeliveryOutcome[]> {
    const { db, clock } = this.deps;
    this.clockJumps.sample();
    const now = clock.now().getTime();
    const lateBy = (dueAt: number) => this.clockJumps.elapsedSince(dueAt);
    const outcomes: DeliveryOutcome[] = [];
    for (const id of await dueScheduledIds(db, now, this.batch)) {
      const token = randomUUID();
      const row = await claimScheduledMessage(db, id, token, now, now + this.leaseMs);
      if (!row) continue; // another worker has it
      const renew = () => renewScheduledClaim(db, id, token, clock.now().getTime() + this.leaseMs);
      const onError = (err: unknown) => this.deps.log.error({ err, scheduledMessageId: id }, "could not renew a scheduled message claim");
      outcomes.push(await withHeartbeat(this.heartbeatMs, renew, () => deliverScheduledMessage(this.deps, row, token, lateBy), onError));
    }
    return outcomes;
  }
}
