// Dashboard forms -> the API's CheckSpec. Values go through validateCheckSpec, the one set of
// rules the API applies too; this file only adds what a form needs on top (units, kinds, and
// messages a person can act on).
import { validateCheckSpec, type CheckSpec } from "../http/checkSpec.js";
import type { JsonObject } from "../http/auth.js";
import { isValidCron, isValidOnCalendar, scheduleKind, upcomingRuns } from "../lib/schedule/index.js";
import { canonicalTimezone } from "../lib/timezones.js";
import type { PreviewResult } from "./views/checkForms.js";

type Result = { ok: CheckSpec } | { error: string };

const FRIENDLY: [RegExp, string][] = [
  [/^json validation error: (timeout|grace) is too small$/, "The $1 must be at least 1 minute."],
  [/^json validation error: (timeout|grace) is too large$/, "The $1 must be at most 365 days."],
  [/^json validation error: slug does not match pattern$/, "The slug may contain only lowercase letters, digits, hyphens and underscores."],
  [/^json validation error: (\w+) is too long$/, "The $1 is too long."],
  [/^json validation error: tz is not a valid timezone$/, "Unknown time zone."],
];

function friendly(error: string): string {
  for (const [pattern, text] of FRIENDLY) if (pattern.test(error)) return error.replace(pattern, text).replace("timeout", "period");
  return error.replace(/^json validation error: /, "");
}

function validate(body: JsonObject): Result {
  const result = validateCheckSpec(body);
  return "error" in result ? { error: friendly(result.error) } : result;
}

function seconds(form: URLSearchParams, name: string): number | null {
  const value = Number(form.get(`${name}_value`));
  const unit = Number(form.get(`${name}_unit`));
  return Number.isFinite(value) && Number.isFinite(unit) && value > 0 && unit > 0 ? Math.round(value * unit) : null;
}

export function nameSpec(form: URLSearchParams): Result {
  const tags = (form.get("tags") ?? "").split(/\s+/).filter((t) => t !== "").join(" ");
  return validate({ name: (form.get("name") ?? "").trim(), slug: (form.get("slug") ?? "").trim(), tags, desc: form.get("desc") ?? "" });
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

export function scheduleSpec(form: URLSearchParams): Result {
  const grace = seconds(form, "grace");
  if (grace === null) return { error: "Please enter a grace time." };
  const kind = form.get("kind");
  if (kind === "simple") {
    const timeout = seconds(form, "timeout");
    if (timeout === null) return { error: "Please enter a period." };
    return validate({ timeout, grace });
  }
  if (kind !== "cron" && kind !== "oncalendar") return { error: "Please choose a schedule type." };
  const expr = (form.get("schedule") ?? "").replace(/\r\n/g, "\n").trim();
  const problem = expressionError(kind, expr);
  if (problem) return { error: problem };
  return validate({ schedule: expr, tz: (form.get("tz") ?? "").trim(), grace });
}

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
