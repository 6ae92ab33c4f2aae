// How a background worker reports a database outage: one line when it starts (the worker
// pauses), one when it ends (the worker has resumed by itself), and nothing for the cycles that
// fail in between, which would otherwise log a stack trace every tick. Errors that are not
// storage faults (a bug, a constraint) are the caller's to log, every time.
import type { Logger } from "./log.js";
import { describeSpan } from "./clock-jumps.js";
import { storageFault, type StorageFaultKind } from "./storage-faults.js";

export class OutageLog {
  private outage: { startedAt: number; kind: StorageFaultKind; failures: number } | undefined;

  /** `name` says who pauses: "alert worker", "scheduled message worker". */
  constructor(
    private readonly log: Pick<Logger, "warn" | "info">,
    private readonly name: string,
  ) {}

  /** Whether the worker is paused by an outage now. */
  get paused(): boolean {
    return this.outage !== undefined;
  }

  /**
   * Takes a failed cycle's error: true when it was a storage fault, then logged only when it
   * opens an outage; false when it is some other error, which the caller logs.
   */
  failed(error: unknown): boolean {
    const fault = storageFault(error);
    if (!fault) return false;
    if (this.outage) {
      this.outage.failures++;
      return true;
    }
    this.outage = { startedAt: performance.now(), kind: fault.kind, failures: 1 };
    const cause = error instanceof Error ? error.message : String(error);
    this.log.warn({ fault: fault.kind, cause }, `${this.name} paused: ${fault.message} (${cause}). It resumes by itself when the database answers again.`);
    return true;
  }

  /** Takes a cycle that went through: ends an outage under way. */
  succeeded(): void {
    if (!this.outage) return;
    const { startedAt, kind, failures } = this.outage;
    this.outage = undefined;
    const pausedMs = performance.now() - startedAt;
    this.log.info({ fault: kind, pausedMs: Math.round(pausedMs), failedCycles: failures }, `${this.name} resumed: the database answers again after ${describeSpan(pausedMs)}`);
  }
}
