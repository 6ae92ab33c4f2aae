// The retention worker: applies the message retention policies (actions/retention.ts) once
// an hour. Any number of processes may run it: a message two of them pick at once is
// deleted by whichever commits first, and the other's delete finds nothing.
import type { ChatDeps } from "../deps.js";
import { WorkerLoop } from "@beacon/platform";
import { applyRetentionPolicies } from "../actions/retention.js";

export const RETENTION_INTERVAL_MS = 3_600_000;

export class RetentionWorker extends WorkerLoop<number> {
  constructor(
    private readonly deps: ChatDeps,
    private readonly options: { intervalMs?: number; batchSize?: number } = {},
  ) {
    super({ log: deps.log, intervalMs: options.intervalMs ?? RETENTION_INTERVAL_MS, failure: "message retention cycle failed", name: "message retention worker" });
  }

  /** One pass over every realm; the number of messages deleted (logged when any). */
  async runOnce(): Promise<number> {
    const deleted = await applyRetentionPolicies(this.deps, this.options.batchSize);
    if (deleted) this.deps.log.info({ deleted }, "messages past their retention policy deleted");
    return deleted;
  }
}
