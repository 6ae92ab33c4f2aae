// Dashboard forms -> the API's CheckSpec. Values go through validateCheckSpec, the one set of
// rules the API applies too; this file adds what a form needs on top: units, kinds, every
// error of the form at once (the API reports the first only) in words a person can act on,
// and the typed values, so a refused form comes back as it was sent.
import { validateCheckSpec, type CheckSpec } from "../http/check-spec.js";
import type { JsonObject } from "../http/auth.js";
import { isValidCron, isValidOnCalendar, scheduleKind, upcomingRuns } from "../lib/schedule/index.js";
import { canonicalTimezone } from "../lib/timezones.js";
import type { Check } from "../store/schema.js";

export type FormResult<D> = { ok: CheckSpec } | { errors: string[]; draft: D };

const FRIENDLY: [RegExp, string][] = [
  [/^json validation error: (timeout|grace) is too small$/, "The $1 must be at least 1 minute."],
  [/^json validation error: (timeout|grace) is too large$/, "The $1 must be at most 365 days."],
  [/^json validation error: slug does not match pattern$/, "The slug may contain only lowercase letters, digits, hyphens and underscores."],
  [/^json validation error: desc is too long$/, "The description is too long: at most 10,000 characters."],
  [/^json validation error: tags is too long$/, "The tags are too long: at most 500 characters together."],
  [/^json validation error: (start|success|failure)_kw is too long$/, "The $1 keywords are too long: at most 200 characters."],
  [/^json validation error: methods has unexpected value$/, "Choose which HTTP methods ping the check."],
  [/^json validation error: (\w+) is too long$/, "The $1 is too long."],
  [/^json validation error: tz is not a valid timezone$/, "Unknown time zone."],
  [/^json validation error: fail_threshold is .*$/, "The number of failures before alerting must be a whole number from 1 to 100."],
  [/^json validation error: (min|max)_duration is .*$/, "The $1imum run time must be a whole number of seconds, at most 365 days."],
  [/^json validation error: body_regex (.*)$/, "The body pattern $1."],
];

function friendly(error: string): string {
  for (const [pattern, text] of FRIENDLY) if (pattern.test(error)) return error.replace(pattern, text).replace("timeout", "period");
  return error.replace(/^json validation error: /, "");
}

/** Validates each part on its own, so every error of the form is found, then the whole. */
function validateParts<D>(parts: JsonObject[], draft: D, errors: string[] = []): FormResult<D> {
  for (const part of parts) {
    const result = validateCheckSpec(part);
    if ("error" in result) errors.push(friendly(result.error));
  }
  if (errors.length > 0) return { errors, draft };
  const whole = validateCheckSpec(Object.assign({}, ...parts));
  return "error" in whole ? { errors: [friendly(whole.error)], draft } : whole;
}

/** The filtering rules form; its values are choices and short texts, kept on the check when refused. */
export function filteringSpec(form: URLSearchParams): FormResult<null> {
  const flag = (name: string) => form.get(name) === "1";
  return validateParts(
    [
      { methods: form.get("methods") ?? "" },
      { start_kw: (form.get("start_kw") ?? "").trim() },
      { success_kw: (form.get("success_kw") ?? "").trim() },
      { failure_kw: (form.get("failure_kw") ?? "").trim() },
      { filter_http_body: flag("filter_http_body"), filter_subject: flag("filter_subject"), filter_body: flag("filter_body"), filter_default_fail: flag("filter_default_fail"), manual_resume: flag("manual_resume") },
    ],
    null,
  );
}

export interface NameDraft {
  name: string;
  slug: string;
  tags: string;
  desc: string;
}

export const nameDraftOf = (check: Check): NameDraft => ({ name: check.name, slug: check.slug, tags: check.tags, desc: check.description });

export function nameSpec(form: URLSearchParams): FormResult<NameDraft> {
  const draft = { name: form.get("name") ?? "", slug: form.get("slug") ?? "", tags: form.get("tags") ?? "", desc: form.get("desc") ?? "" };
  const tags = draft.tags.split(/\s+/).filter((t) => t !== "").join(" ");
  return validateParts([{ name: draft.name.trim() }, { slug: draft.slug.trim() }, { tags }, { desc: draft.desc }], draft);
}

/** A duration field as typed: the number and the unit's size in seconds. */
export type DurationDraft = { value: string; unit: string };

export interface ScheduleDraft {
  kind: string;
  schedule: string;
  tz: string;
  timeout: DurationDraft;
  grace: DurationDraft;
}

export const PERIOD_UNITS: [number, string][] = [
  [60, "minutes"],
  [3600, "hours"],
  [86400, "days"],
];

/** Seconds as the largest unit that divides them evenly, for the period and grace inputs. */
export function splitSeconds(seconds: number): DurationDraft {
  for (const [size] of [...PERIOD_UNITS].reverse()) if (seconds % size === 0) return { value: String(seconds / size), unit: String(size) };
  return { value: String(Math.round(seconds / 60)), unit: "60" };
}

export function scheduleDraftOf(check: Check): ScheduleDraft {
  return { kind: check.kind, schedule: check.kind === "simple" ? "" : check.schedule, tz: check.tz, timeout: splitSeconds(check.timeout), grace: splitSeconds(check.grace) };
}

function seconds(draft: DurationDraft): number | null {
  const value = Number(draft.value);
  const unit = Number(draft.unit);
  return draft.value.trim() !== "" && Number.isFinite(value) && Number.isFinite(unit) && value > 0 && unit > 0 ? Math.round(value * unit) : null;
}

/** Why an expression does not fit the chosen kind, or null when it does. */
function expressionError(kind: "cron" | "oncalendar", expr: string): string | null {
  if (expr.trim() === "") return "Please enter a schedule expression.";
  if (kind === "cron") {
    if (scheduleKind(expr) !== "cron") return "A cron expression has exactly five fields on one line.";
    return isValidCron(expr) ? null : "This is not a valid cron expression.";
  }
  if (scheduleKind(expr) !== "oncalendar") return "This looks like a cron expression: choose the cron schedule type for it.";
  return isValidOnCalendar(expr) ? null : "This is not a valid OnCalendar expression.";
}

const duration = (form: URLSearchParams, name: string): DurationDraft => ({ value: form.get(`${name}_value`) ?? "", unit: form.get(`${name}_unit`) ?? "" });

export function scheduleSpec(form: URLSearchParams): FormResult<ScheduleDraft> {
  const draft: ScheduleDraft = {
    kind: form.get("kind") ?? "",
    schedule: (form.get("schedule") ?? "").replace(/\r\n/g, "\n"),
    tz: form.get("tz") ?? "",
    timeout: duration(form, "timeout"),
    grace: duration(form, "grace"),
  };
  const errors: string[] = [];
  const parts: JsonObject[] = [];
  const kind = draft.kind;
  if (kind === "simple") {
    const timeout = seconds(draft.timeout);
    if (timeout === null) errors.push("Please enter a period.");
    else parts.push({ timeout });
  } else if (kind === "cron" || kind === "oncalendar") {
    const expr = draft.schedule.trim();
    const problem = expressionError(kind, expr);
    if (problem) errors.push(problem);
    else parts.push({ schedule: expr });
    parts.push({ tz: draft.tz.trim() });
  } else errors.push("Please choose a schedule type.");
  const grace = seconds(draft.grace);
  if (grace === null) errors.push("Please enter a grace time.");
  else parts.push({ grace });
  return validateParts(parts, draft, errors);
}

/** `hint`: nothing typed yet, so nothing is wrong; said quietly, not as an error. */
export type PreviewResult = { ok: Date[]; tz: string } | { error: string } | { hint: string };

export const PREVIEW_RUNS = 5;

const EMPTY_HINT = {
  cron: "Type a cron expression to see its next runs.",
  oncalendar: "Type an OnCalendar expression to see its next runs.",
};

/** The next runs of an expression in a zone, or why there are none: the live preview. */
export function previewSchedule(kind: string | null, expr: string, tz: string, now: Date): PreviewResult {
  if (kind !== "cron" && kind !== "oncalendar") return { error: "Choose a schedule type." };
  if (expr.trim() === "") return { hint: EMPTY_HINT[kind] };
  const problem = expressionError(kind, expr.replace(/\r\n/g, "\n").trim());
  if (problem) return { error: problem };
  const zone = canonicalTimezone(tz.trim());
  if (!zone) return { error: "Unknown time zone." };
  return { ok: upcomingRuns(kind, expr.replace(/\r\n/g, "\n").trim(), zone, now, PREVIEW_RUNS), tz: zone };
}

/** The alerting rules form (Beacon's extensions, docs/monitor-extensions.md), as typed. */
export interface AlertingDraft {
  fail_threshold: string;
  min_duration: string;
  max_duration: string;
  body_regex: string;
}

export const alertingDraftOf = (check: Check): AlertingDraft => ({
  fail_threshold: String(check.fail_threshold),
  min_duration: String(check.min_duration),
  max_duration: String(check.max_duration),
  body_regex: check.body_regex,
});

/** Whole numbers typed in a form; anything else is kept as typed so the API's rule reports it. */
const typedInteger = (raw: string): number | string => (/^\s*\d+\s*$/.test(raw) ? Number(raw) : raw);

export function alertingSpec(form: URLSearchParams): FormResult<AlertingDraft> {
  const draft: AlertingDraft = {
    fail_threshold: form.get("fail_threshold") ?? "1",
    min_duration: form.get("min_duration") ?? "0",
    max_duration: form.get("max_duration") ?? "0",
    body_regex: form.get("body_regex") ?? "",
  };
  const seconds = (raw: string) => typedInteger(raw.trim() === "" ? "0" : raw);
  return validateParts(
    [
      { fail_threshold: typedInteger(draft.fail_threshold.trim() === "" ? "1" : draft.fail_threshold) },
      { min_duration: seconds(draft.min_duration) },
      { max_duration: seconds(draft.max_duration) },
      { body_regex: draft.body_regex, depends_on: form.getAll("depends_on").join(",") },
    ],
    draft,
  );
}
