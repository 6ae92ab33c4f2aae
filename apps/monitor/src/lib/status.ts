// The status engine, as pure functions of a check's stored fields and an instant.
// The API shows a computed status: `down` and `grace` follow from timestamps alone,
// before the alert worker has stored anything.
import type { CheckKind, StoredStatus } from "../store/schema.js";
import { nextRun } from "./schedule/index.js";

export interface CheckTiming {
  status: StoredStatus;
  kind: CheckKind;
  timeout: number; // seconds
  grace: number; // seconds
  schedule: string;
  tz: string;
  last_ping: number | null; // epoch ms
  last_start: number | null; // epoch ms
}

export type ComputedStatus = StoredStatus | "grace" | "started";

/** When the next ping is due for an up check, ignoring any pending start. */
function expectedAt(check: CheckTiming): number | null {
  if (check.status !== "up" || check.last_ping === null) return null;
  if (check.kind === "simple") return check.last_ping + check.timeout * 1000;
  return nextRun(check.kind, check.schedule, check.tz, new Date(check.last_ping))?.getTime() ?? null;
}

/** The start of the grace period, counting a pending start signal (shown as `next_ping`). */
export function graceStart(check: CheckTiming): number | null {
  // compat: once stored down, there is no deadline even while a start is pending.
  if (check.status === "down") return null;
  const expected = expectedAt(check);
  if (check.last_start === null) return expected;
  return expected === null ? check.last_start : Math.min(expected, check.last_start);
}

/** The instant the check goes down unless a ping arrives: the alert worker's deadline. */
export function alertAfter(check: CheckTiming): number | null {
  const start = graceStart(check);
  return start === null ? null : start + check.grace * 1000;
}

export function computeStatus(check: CheckTiming, now: number, withStarted = false): ComputedStatus {
  if (check.last_start !== null) {
    // A start signal that outlived the grace period means down, whatever is stored.
    if (now >= check.last_start + check.grace * 1000) return "down";
    if (withStarted) return "started";
  }
  if (check.status !== "up") return check.status;
  const expected = expectedAt(check);
  if (expected === null) return "up";
  if (now >= expected + check.grace * 1000) return "down";
  if (now >= expected) return "grace";
  return "up";
}

/**
 * The first instant after `now` at which computeStatus could answer differently (Infinity
 * when never): the comparisons above are its only dependence on the clock. A cached check
 * object is good until then.
 */
export function statusStableUntil(check: CheckTiming, now: number): number {
  let until = Infinity;
  const consider = (at: number) => {
    if (at > now && at < until) until = at;
  };
  if (check.last_start !== null) consider(check.last_start + check.grace * 1000);
  if (check.status === "up") {
    const expected = expectedAt(check);
    if (expected !== null) {
      consider(expected);
      consider(expected + check.grace * 1000);
    }
  }
  return until;
}
