// The rules of one ping, as pure functions of the check row: how the request is
// classified (§11.2) and what it changes on the check (§11.3).
import type { Check, Ping, StoredStatus } from "../store/schema.js";
import { bodyMatches, compileBodyRegex } from "./body-regex.js";
import { classifyText } from "./keywords.js";
import { alertAfter } from "./status.js";

export type PingAction = "success" | "start" | "fail" | "log" | "ign";

/** A ping as its request arrived: what the rules read, and what the stored ping keeps. */
export interface PingFacts {
  /**
   * From the URL: /start, /fail, /log, or success (an exit status > 0 already made it fail);
   * the check's filters may still change it.
   */
  action: PingAction;
  rid: string | null;
  exitstatus: number | null;
  scheme: string;
  remoteAddr: string | null;
  method: string;
  ua: string;
  body: Buffer | null;
  /** E-mail pings arrive classified by their own rules (subject and body keywords). */
  via?: "http" | "email";
}

const utf8 = new TextDecoder("utf-8");

/** Steps 2 and 3 of the classification: POST-only checks, then the HTTP body filter. */
export function classifyPing(check: Pick<Check, "methods" | "filter_http_body" | "success_kw" | "failure_kw" | "start_kw" | "filter_default_fail">, facts: Pick<PingFacts, "action" | "method" | "body" | "via">): PingAction {
  if (facts.via === "email") return facts.action;
  if (check.methods === "POST" && facts.method !== "POST") return "ign";
  if (facts.action === "ign" || !check.filter_http_body) return facts.action;
  // compat: the upstream decodes strictly and answers 500 to a body that is not UTF-8; we
  // decode with replacement characters instead, so such a ping is still recorded and the
  // keywords are matched against the readable parts.
  const text = facts.body ? utf8.decode(facts.body) : "";
  return classifyText(text, check);
}

/** The columns a ping reads: the hot path selects only these (in this order: sqlite-pings.ts). */
export const PING_CHECK_COLUMNS = [
  "id", "project_id", "kind", "timeout", "grace", "schedule", "tz", "methods", "manual_resume",
  "start_kw", "success_kw", "failure_kw", "filter_http_body", "filter_default_fail",
  "status", "n_pings", "last_ping", "last_start", "last_start_rid", "last_duration", "alert_after",
  "fail_threshold", "fail_count", "min_duration", "max_duration", "body_regex",
] as const;

export type PingCheck = Pick<Check, (typeof PING_CHECK_COLUMNS)[number]>;

// The extensions a check uses (docs/monitor-extensions.md), one bit each.
export const BODY_REGEX = 1;
export const MIN_DURATION = 2;
export const FAIL_THRESHOLD = 4;
export const MAX_DURATION = 8;
/** The extensions that can turn a success signal into a failure. */
const SUCCESS_RULES = BODY_REGEX | MIN_DURATION;

/**
 * What the rules derive from a check's settings, once per version of its row as read (the
 * ping queues keep it with the row): a check using no extension has `extensions` 0 and takes
 * the upstream's rules without looking at any of them.
 */
export interface PingRules {
  extensions: number;
  /** body_regex, compiled; null when not set. */
  bodyPattern: RegExp | null;
}

/** A check as the rules read it: its columns and what they derive from them. */
export type RuledCheck = PingCheck & PingRules;

export function extensionsOf(check: Pick<Check, "body_regex" | "min_duration" | "fail_threshold" | "max_duration">): number {
  return (check.body_regex !== "" ? BODY_REGEX : 0) | (check.min_duration > 0 ? MIN_DURATION : 0) | (check.fail_threshold > 1 ? FAIL_THRESHOLD : 0) | (check.max_duration > 0 ? MAX_DURATION : 0);
}

/** The check with its rules derived (a new object; the row is left as it is). */
export function withPingRules<T extends PingCheck>(check: T): T & PingRules {
  return { ...check, extensions: extensionsOf(check), bodyPattern: compileBodyRegex(check.body_regex) };
}

/**
 * The columns of a check a ping writes, in the order the writers bind them (the SQLite store's
 * UPDATE that keeps the deadline leaves out the last).
 */
export const PINGED_COLUMNS = ["n_pings", "last_ping", "last_start", "last_start_rid", "last_duration", "status", "fail_count", "alert_after"] as const;

/** The check's PINGED_COLUMNS as they stand after a ping: always all of them, one object shape. */
export type PingedFields = Pick<Check, (typeof PINGED_COLUMNS)[number]>;

export interface FlipPlan {
  old_status: StoredStatus;
  new_status: StoredStatus;
  reason: string;
}

/** Everything one ping does: the action it is logged as, the check's fields after it, and the flip. */
export interface PingPlan {
  action: PingAction;
  after: PingedFields;
  flip: FlipPlan | null;
}

/**
 * Why a success signal counts as a failure under the check's extensions, or null (the
 * upstream's rules): its body matches the check's pattern, or it closes a run shorter than the
 * minimum duration.
 */
function successVerdict(check: RuledCheck, now: number, rid: string | null, body: Buffer | null): "body" | "too_fast" | null {
  if (check.bodyPattern !== null && bodyMatches(check.bodyPattern, body)) return "body";
  if (check.min_duration > 0 && check.last_start !== null && rid === check.last_start_rid && now - check.last_start < check.min_duration * 1000) return "too_fast";
  return null;
}

/** A success or failure signal closes the run its rid started (§11.3), or abandons a pending start. */
function closeRun(check: PingCheck, after: PingedFields, action: PingAction, now: number, rid: string | null): void {
  after.last_ping = now;
  after.last_duration = null;
  if (check.last_start === null) return;
  if (rid === check.last_start_rid) {
    after.last_duration = now - check.last_start;
    after.last_start = null;
    after.last_start_rid = null;
  } else if (action === "fail" || rid === null) {
    after.last_start = null;
    after.last_start_rid = null;
  }
}

/**
 * Alert after N consecutive failures (docs/monitor-extensions.md): a failure below the
 * threshold is counted and leaves the check up. A success resets the count, whatever the
 * threshold (one set earlier may have left a count).
 */
function countFailures(check: RuledCheck, after: PingedFields): void {
  if (after.status === "up") {
    after.fail_count = 0;
    return;
  }
  if ((check.extensions & FAIL_THRESHOLD) === 0) return;
  const count = check.fail_count + 1;
  after.fail_count = count;
  if (count < check.fail_threshold && check.status !== "down") after.status = "up";
}

/**
 * The deadline stored after the ping. It is when the alert worker looks at the check next,
 * not the deadline itself: the worker reads the check again then, and a check that is not
 * down gets its deadline moved on (decideDue). So a ping that only pushes the deadline later
 * keeps the earlier one: no write to the deadline's index (SQLite), a HOT update
 * (PostgreSQL), and one move by the worker per period instead of one per ping. Alerts go out
 * when they did.
 */
function storedDeadline(check: RuledCheck, after: PingedFields): number | null {
  const deadline = alertAfter({
    status: after.status,
    kind: check.kind,
    timeout: check.timeout,
    grace: check.grace,
    schedule: check.schedule,
    tz: check.tz,
    fail_threshold: check.fail_threshold,
    fail_count: after.fail_count,
    max_duration: check.max_duration,
    last_ping: after.last_ping,
    last_start: after.last_start,
  });
  const keep = deadline !== null && check.alert_after !== null && check.alert_after <= deadline && after.status === check.status;
  return keep ? check.alert_after : deadline;
}

/** Everything one ping does to its check, given the row as read inside the transaction. */
export function planPing(check: RuledCheck, classified: PingAction, now: number, rid: string | null, body: Buffer | null = null): PingPlan {
  // compat: a paused check that must be resumed by hand ignores every ping, but logs it.
  const action: PingAction = check.status === "paused" && check.manual_resume === 1 ? "ign" : classified;
  const after: PingedFields = {
    n_pings: check.n_pings + 1,
    last_ping: check.last_ping,
    last_start: check.last_start,
    last_start_rid: check.last_start_rid,
    last_duration: check.last_duration,
    status: check.status,
    fail_count: check.fail_count,
    alert_after: check.alert_after,
  };
  let reason = "";
  if (action === "start") {
    after.last_start = now;
    after.last_start_rid = rid;
  } else if (action === "success" || action === "fail") {
    // A check using no extension skips them all here (and alertAfter's are one comparison each).
    const verdict = action === "success" && (check.extensions & SUCCESS_RULES) !== 0 ? successVerdict(check, now, rid, body) : null;
    closeRun(check, after, action, now, rid);
    after.status = action === "fail" || verdict !== null ? "down" : "up";
    countFailures(check, after);
    reason = verdict ?? (action === "fail" ? "fail" : "");
  }
  after.alert_after = storedDeadline(check, after);
  const flip = after.status !== check.status ? { old_status: check.status, new_status: after.status, reason } : null;
  return { action, after, flip };
}

export type PingRow = Omit<Ping, "id">;

/** The columns of the stored ping, in the order the writers bind them. */
export const PING_ROW_COLUMNS = ["check_id", "n", "created", "kind", "scheme", "remote_addr", "method", "ua", "body", "exitstatus", "rid"] as const satisfies readonly (keyof PingRow)[];

/** The stored ping: its kind (null for a success), the user agent cut at 200 characters, an empty body as none. */
export function pingRow(checkId: number, plan: PingPlan, facts: PingFacts, now: number): PingRow {
  return {
    check_id: checkId,
    n: plan.after.n_pings,
    created: now,
    kind: plan.action === "success" ? null : plan.action,
    scheme: facts.scheme,
    remote_addr: facts.remoteAddr,
    method: facts.method,
    ua: facts.ua.length > 200 ? facts.ua.slice(0, 200) : facts.ua,
    body: facts.body && facts.body.length > 0 ? facts.body : null,
    exitstatus: facts.exitstatus,
    rid: facts.rid,
  };
}

/** A check as a ping queue keeps it between batches: the columns the rules read, their derived rules, and its uuid. */
export type KeptCheck = RuledCheck & { uuid: string };

/** Pings are pruned on every hundredth (§11.3). */
export const PRUNE_EVERY = 100;
/** Flips younger than this are kept whatever the ping log holds (monthly downtime reports). */
export const FLIP_RETENTION_MS = 93 * 24 * 3600 * 1000;
