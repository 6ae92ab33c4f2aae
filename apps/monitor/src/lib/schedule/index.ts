// Schedules of cron and OnCalendar checks: kind detection, validation and next runs, matching
// Healthchecks v4.3 (cronsim 2.7 and oncalendar 1.1) including their DST behaviour.
import { CronSyntaxError, parseCron, type CronSpec } from "./cron-spec.js";
import { CronIterator } from "./cron.js";
import { OnCalendarIterator } from "./oncalendar.js";
import { OnCalendarSyntaxError, parseOnCalendar, type OnCalendarLine } from "./oncalendar-spec.js";
import { pySplit, pyStrip } from "./pytext.js";
import { getZone } from "./zoned.js";

export type ScheduleKind = "cron" | "oncalendar";

// Healthchecks validates by asking for one run after 2000-01-01 00:00 (naive for cron, UTC for
// OnCalendar).
const VALIDATION_START = Date.UTC(2000, 0, 1) / 1000;

// Parsed expressions, keyed by source text. A bounded map: when full, the oldest entry goes.
const CACHE_LIMIT = 10_000;
const cronCache = new Map<string, CronSpec | null>();
const onCalendarCache = new Map<string, OnCalendarLine[] | null>();

function cached<T>(cache: Map<string, T | null>, expr: string, parse: (expr: string) => T): T | null {
  const hit = cache.get(expr);
  if (hit !== undefined) return hit;
  let parsed: T | null;
  try {
    parsed = parse(expr);
  } catch (error) {
    if (!(error instanceof CronSyntaxError || error instanceof OnCalendarSyntaxError)) throw error;
    parsed = null;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(expr, parsed);
  return parsed;
}

const cronSpec = (expr: string): CronSpec | null => cached(cronCache, expr, parseCron);
const onCalendarLines = (expr: string): OnCalendarLine[] | null => cached(onCalendarCache, expr, parseOnCalendar);

/** The kind the API assigns to a `schedule`: one line of exactly five fields is cron. */
export function scheduleKind(expr: string): ScheduleKind {
  return !pyStrip(expr).includes("\n") && pySplit(expr).length === 5 ? "cron" : "oncalendar";
}

function cronHasRun(expr: string): boolean {
  const spec = cronSpec(expr);
  return spec !== null && new CronIterator(spec, VALIDATION_START, null).next() !== null;
}

function onCalendarHasRun(expr: string): boolean {
  const lines = onCalendarLines(expr);
  return lines !== null && new OnCalendarIterator(lines, VALIDATION_START, getZone("UTC")).next() !== null;
}

/** Healthchecks' cron validator (web form and the live "validate" call): five fields, and a run exists. */
export function isValidCron(expr: string): boolean {
  return pySplit(expr).length === 5 && cronHasRun(expr);
}

/** Healthchecks' OnCalendar validator: at most four words a line, and a run exists. */
export function isValidOnCalendar(expr: string): boolean {
  const lines = pyStrip(expr).split("\n");
  return lines.every((line) => pySplit(line).length <= 4) && onCalendarHasRun(expr);
}

/** Whether the API's `schedule` field accepts `expr` (the 100-character cap is checked elsewhere). */
export function isValidSchedule(expr: string): boolean {
  return scheduleKind(expr) === "cron" ? cronHasRun(expr) : onCalendarHasRun(expr);
}

interface RunIterator {
  next(): number | null;
}

function iterate(kind: ScheduleKind, expr: string, tz: string, after: Date): RunIterator | null {
  const start = after.getTime() / 1000;
  if (!Number.isFinite(start)) throw new RangeError("schedule: `after` is an invalid Date");
  if (kind === "cron") {
    const spec = cronSpec(expr);
    return spec === null ? null : new CronIterator(spec, start, getZone(tz));
  }
  const lines = onCalendarLines(expr);
  return lines === null ? null : new OnCalendarIterator(lines, start, getZone(tz));
}

/**
 * The first run after a check's last ping at `after`, evaluated in the check's zone `tz` (a
 * canonical name): the moment Healthchecks starts the grace period. Null when the schedule has
 * no further run or does not parse. Inside a repeated DST hour the result can precede `after`.
 * Throws a RangeError for an invalid `after` or a zone the platform's ICU does not know.
 */
export function nextRun(kind: ScheduleKind, expr: string, tz: string, after: Date): Date | null {
  const run = iterate(kind, expr, tz, after)?.next() ?? null;
  return run === null ? null : new Date(run * 1000);
}

/** Up to `count` runs from the same iterator as nextRun (Healthchecks' schedule preview). */
export function upcomingRuns(kind: ScheduleKind, expr: string, tz: string, after: Date, count: number): Date[] {
  const iterator = iterate(kind, expr, tz, after);
  const runs: Date[] = [];
  while (iterator !== null && runs.length < count) {
    const run = iterator.next();
    if (run === null) break;
    runs.push(new Date(run * 1000));
  }
  return runs;
}
