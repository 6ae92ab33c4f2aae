// The rules of one ping, as pure functions of the check row: how the request is
// classified (§11.2) and what it changes on the check (§11.3).
import type { Updateable } from "kysely";
import type { Check, ChecksTable, StoredStatus } from "../store/schema.js";
import { bodyMatches } from "./bodyRegex.js";
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

/** The columns a ping reads: the hot path selects only these (in this order: sqlitePings.ts). */
export const PING_CHECK_COLUMNS = [
  "id", "project_id", "kind", "timeout", "grace", "schedule", "tz", "methods", "manual_resume",
  "start_kw", "success_kw", "failure_kw", "filter_http_body", "filter_default_fail",
  "status", "n_pings", "last_ping", "last_start", "last_start_rid", "last_duration", "alert_after",
  "fail_threshold", "fail_count", "min_duration", "max_duration", "body_regex",
] as const;

export type PingCheck = Pick<Check, (typeof PING_CHECK_COLUMNS)[number]>;

export interface FlipPlan {
  old_status: StoredStatus;
  new_status: StoredStatus;
  reason: string;
}

export interface PingPlan {
  action: PingAction;
  changes: Updateable<ChecksTable>;
  flip: FlipPlan | null;
  n: number;
}

/**
 * Why a success signal counts as a failure under the check's extensions, or null (the
 * upstream's rules): its body matches the check's pattern, or it closes a run shorter than the
 * minimum duration. Constant work per ping while neither is set.
 */
export function successVerdict(check: PingCheck, now: number, rid: string | null, body: Buffer | null): "body" | "too_fast" | null {
  if (check.body_regex !== "" && bodyMatches(check.body_regex, body)) return "body";
  if (check.min_duration > 0 && check.last_start !== null && rid === check.last_start_rid && now - check.last_start < check.min_duration * 1000) return "too_fast";
  return null;
}

/**
 * The changes a ping makes to the check row (before n_pings and the deadline). `failed`: a
 * success signal the extensions turned into a failure (paired with its start as a success is).
 */
export function pingEffect(check: PingCheck, action: PingAction, now: number, rid: string | null, failed = false): Updateable<ChecksTable> {
  const changes: Updateable<ChecksTable> = { n_pings: check.n_pings + 1 };
  if (action === "start") {
    changes.last_start = now;
    changes.last_start_rid = rid;
  } else if (action === "success" || action === "fail") {
    changes.last_ping = now;
    changes.last_duration = null;
    if (check.last_start !== null) {
      if (rid === check.last_start_rid) {
        changes.last_duration = now - check.last_start;
        changes.last_start = null;
        changes.last_start_rid = null;
      } else if (action === "fail" || rid === null) {
        changes.last_start = null;
        changes.last_start_rid = null;
      }
    }
    changes.status = action === "fail" || failed ? "down" : "up";
    countFailures(check, changes);
  }
  return changes;
}

/**
 * Alert after N consecutive failures (docs/monitor-extensions.md): a failure below the
 * threshold is counted and leaves the check up; a success resets the count. With the
 * upstream's threshold of 1, the count stays 0 and nothing changes.
 */
function countFailures(check: PingCheck, changes: Updateable<ChecksTable>): void {
  if (changes.status === "up") {
    if (check.fail_count !== 0) changes.fail_count = 0;
    return;
  }
  if (check.fail_threshold <= 1) return;
  const count = check.fail_count + 1;
  changes.fail_count = count;
  if (count < check.fail_threshold && check.status !== "down") changes.status = "up";
}

/** Everything one ping does to its check, given the row as read inside the transaction. */
export function planPing(check: PingCheck, classified: PingAction, now: number, rid: string | null, body: Buffer | null = null): PingPlan {
  // compat: a paused check that must be resumed by hand ignores every ping, but logs it.
  const action: PingAction = check.status === "paused" && check.manual_resume === 1 ? "ign" : classified;
  const verdict = action === "success" ? successVerdict(check, now, rid, body) : null;
  const changes = pingEffect(check, action, now, rid, verdict !== null);
  const deadline = alertAfter({
    status: (changes.status ?? check.status) as StoredStatus,
    kind: check.kind,
    timeout: check.timeout,
    grace: check.grace,
    schedule: check.schedule,
    tz: check.tz,
    fail_threshold: check.fail_threshold,
    fail_count: changes.fail_count ?? check.fail_count,
    max_duration: check.max_duration,
    last_ping: changes.last_ping !== undefined ? (changes.last_ping as number | null) : check.last_ping,
    last_start: changes.last_start !== undefined ? (changes.last_start as number | null) : check.last_start,
  });
  // The stored deadline is when the alert worker looks at the check next, not the deadline
  // itself: the worker reads the check again then, and a check that is not down gets its
  // deadline moved on (decideDue). So a ping that only pushes the deadline later keeps the
  // earlier one: no write to the deadline's index (SQLite), a HOT update (PostgreSQL), and one
  // move by the worker per period instead of one per ping. Alerts go out when they did.
  const keep = deadline !== null && check.alert_after !== null && check.alert_after <= deadline && (changes.status ?? check.status) === check.status;
  changes.alert_after = keep ? check.alert_after : deadline;
  const newStatus = changes.status;
  const flip = newStatus !== undefined && newStatus !== check.status ? { old_status: check.status, new_status: newStatus, reason: verdict ?? (action === "fail" ? "fail" : "") } : null;
  return { action, changes, flip, n: check.n_pings + 1 };
}

/** The fields of a check a ping writes, as they stand after it. */
export interface PingedFields {
  n_pings: number;
  last_ping: number | null;
  last_start: number | null;
  last_start_rid: string | null;
  last_duration: number | null;
  status: string;
  alert_after: number | null;
  fail_count: number;
}

/**
 * The plan's changes applied to the check's ping fields: always the same eight fields, so the
 * batch writers bind them without asking which ones the plan set (one object shape).
 */
export function pingedFields(check: PingCheck, plan: PingPlan): PingedFields {
  const c = plan.changes;
  return {
    n_pings: plan.n,
    last_ping: c.last_ping !== undefined ? (c.last_ping as number | null) : check.last_ping,
    last_start: c.last_start !== undefined ? (c.last_start as number | null) : check.last_start,
    last_start_rid: c.last_start_rid !== undefined ? (c.last_start_rid as string | null) : check.last_start_rid,
    last_duration: c.last_duration !== undefined ? (c.last_duration as number | null) : check.last_duration,
    status: (c.status as string | undefined) ?? check.status,
    alert_after: c.alert_after !== undefined ? (c.alert_after as number | null) : check.alert_after,
    fail_count: c.fail_count !== undefined ? (c.fail_count as number) : check.fail_count,
  };
}

/** A check as a ping queue keeps it between batches: the columns the rules read, and its uuid. */
export type KeptCheck = PingCheck & { uuid: string };

/** Pings are pruned on every hundredth (§11.3). */
export const PRUNE_EVERY = 100;
/** Flips younger than this are kept whatever the ping log holds (monthly downtime reports). */
export const FLIP_RETENTION_MS = 93 * 24 * 3600 * 1000;
