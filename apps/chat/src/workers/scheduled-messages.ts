// The scheduled-message worker: every tick it claims due rows one by one (a conditional
// UPDATE … RETURNING, so any number of workers, in one process or many sharing a PostgreSQL
// database, never hold the same row) and delivers each. A claim is a lease: if the worker dies
// after claiming but before its send commits, the row is taken over once the lease expires.
import { randomUUID } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { deliverScheduledMessage, type DeliveryOutcome } from "../actions/scheduled-delivery.js";
import { claimScheduledMessage, dueScheduledIds } from "../store/scheduled-messages.js";

export interface ScheduledWorkerOptions {
  /** how long a claim holds before another worker may take the row over */
  leaseMs?: number;
  /** rows looked at per cycle */
  batch?: number;
  /** time between cycles when started */
  intervalMs?: number;
}

export class ScheduledMessageWorker {
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly deps: ChatDeps,
    options: ScheduledWorkerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.batch = options.batch ?? 50;
    this.intervalMs = options.intervalMs ?? 1000;
  }

  /** One delivery cycle: the outcome of every row this worker claimed. */
  async runOnce(): Promise<DeliveryOutcome[]> {
    const { db, clock } = this.deps;
    const now = clock.now().getTime();
    const outcomes: DeliveryOutcome[] = [];
    for (const id of await dueScheduledIds(db, now, this.batch)) {
      const token = randomUUID();
      const row = await claimScheduledMessage(db, id, token, now, now + this.leaseMs);
      if (!row) continue; // another worker has it
      outcomes.push(await deliverScheduledMessage(this.deps, row, token));
    }
    return outcomes;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.runOnce()
        .catch((error) => this.deps.log.error({ err: error }, "scheduled message cycle failed"))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    tick();
  }

  /** Stops ticking and waits for the cycle under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
