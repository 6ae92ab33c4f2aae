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
  // Extensions (docs/monitor-extensions.md); absent means the upstream's behaviour.
  /** Down at the Nth consecutive failure (1: the upstream's rule). */
  fail_threshold?: number;
  /** Failure signals counted since the last success. */
  fail_count?: number;
  /** Seconds a started run may last before the check goes down; 0 is off. */
  max_duration?: number;
}

export type ComputedStatus = StoredStatus | "grace" | "started";

/**
 * How many expected runs may go missing before the check is down: with a threshold of N and f
 * failures already counted, the (N − f)th missed run is the Nth consecutive failure.
 */
function runsUntilDown(check: CheckTiming): number {
  const threshold = check.fail_threshold ?? 1;
  if (threshold <= 1) return 1;
  return Math.max(1, threshold - (check.fail_count ?? 0));
}

/** When the ping that decides is due for an up check (the next one, unless a failure threshold waits for more), ignoring any pending start. */
function expectedAt(check: CheckTiming): number | null {
  if (check.status !== "up" || check.last_ping === null) return null;
  const runs = runsUntilDown(check);
  if (check.kind === "simple") return check.last_ping + runs * check.timeout * 1000;
  let at: Date | null = new Date(check.last_ping);
  for (let i = 0; i < runs && at !== null; i++) at = nextRun(check.kind, check.schedule, check.tz, at);
  return at?.getTime() ?? null;
}

/** When a started run has lasted longer than its maximum duration (null: no such limit). */
export function overrunAt(check: CheckTiming): number | null {
  if (check.last_start === null || !check.max_duration) return null;
  return check.last_start + check.max_duration * 1000;
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
  if (start === null) return null;
  const overrun = overrunAt(check);
  const deadline = start + check.grace * 1000;
  return overrun === null ? deadline : Math.min(deadline, overrun);
}

export function computeStatus(check: CheckTiming, now: number, withStarted = false): ComputedStatus {
  if (check.last_start !== null) {
    // A start signal that outlived the grace period means down, whatever is stored.
    if (now >= check.last_start + check.grace * 1000) return "down";
    const overrun = overrunAt(check);
    if (overrun !== null && now >= overrun) return "down";
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
  const overrun = overrunAt(check);
  if (overrun !== null) consider(overrun);
  if (check.status === "up") {
    const expected = expectedAt(check);
    if (expected !== null) {
      consider(expected);
      consider(expected + check.grace * 1000);
    }
  }
  return until;
}
