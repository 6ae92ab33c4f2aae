// What the alert worker does with a check whose deadline passed (§12.4): down, with the
// flip dated at the exact deadline, or a new deadline when the schedule says not yet.
import { alertAfter, computeStatus, overrunAt, type CheckTiming } from "./status.js";

/** "timeout" (the upstream's), or "overrun": a started run outlasted its maximum duration. */
export type DueReason = "timeout" | "overrun";

export type DueDecision = { kind: "down"; flipTime: number; reason: DueReason } | { kind: "reschedule"; alertAfter: number | null };

// compat: a check whose status cannot be computed is retried an hour later, so one bad
// schedule cannot stall the worker.
const RETRY_BROKEN_MS = 3600 * 1000;

export function decideDue(check: CheckTiming, now: number): DueDecision {
  try {
    const deadline = alertAfter(check);
    if (computeStatus(check, now) !== "down") return { kind: "reschedule", alertAfter: deadline };
    const flipTime = deadline ?? now;
    return { kind: "down", flipTime, reason: overrunAt(check) === flipTime ? "overrun" : "timeout" };
  } catch {
    return { kind: "reschedule", alertAfter: now + RETRY_BROKEN_MS };
  }
}
