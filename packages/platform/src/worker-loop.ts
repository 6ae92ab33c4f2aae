// The loop every background worker runs: one cycle, then a pause, until stopped. A cycle that
// throws is logged and the loop goes on (the next cycle retries whatever was left); while the
// database is down the cycles that fail on it are not logged one by one: one line says the
// worker paused, one that it resumed (OutageLog). stop()
// cancels the pause and waits for the cycle under way, so a process can close its database
// after it. What a cycle claims and how it retries belongs to the worker, not to the loop.
import type { Logger } from "./log.js";
import { OutageLog } from "./outage-log.js";

export abstract class WorkerLoop<Cycle> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;
  private readonly outage: OutageLog;

  /** `failure` is the message logged when a cycle throws; `name` says who pauses in an outage. */
  constructor(
    private readonly loop: { log: Logger; intervalMs: number; failure: string; name?: string },
  ) {
    this.outage = new OutageLog(loop.log, loop.name ?? "background worker");
  }

  /** One cycle; tests call it directly, with the fake clock. */
  abstract runOnce(): Promise<Cycle>;

  /** Runs a cycle now, then one `intervalMs` after each cycle ends. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.runOnce()
        .then(
          () => this.outage.succeeded(),
          (error: unknown) => {
            if (!this.outage.failed(error)) this.loop.log.error({ err: error }, this.loop.failure);
          },
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.loop.intervalMs);
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
