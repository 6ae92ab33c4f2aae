// Maintenance windows (docs/monitor-extensions.md): when one covers an instant, and what a
// window given to the API or the dashboard must look like. Recurring windows open at each run
// of a cron or OnCalendar schedule, evaluated in their time zone by the schedule engine checks
// use, so they follow DST as a check's schedule does.
import { isoSeconds } from "./dates.js";
import { isPyObject, type PyJson } from "./pyjson.js";
import { isValidSchedule, nextRun, scheduleKind } from "./schedule/index.js";
import { canonicalTimezone } from "./timezones.js";
import { daysInMonth, wallFromParts } from "./schedule/civil.js";
import { getZone } from "./schedule/zoned.js";

/** A window as stored: one-off when `schedule` is "", recurring otherwise. */
export interface WindowTiming {
  starts: number | null; // epoch ms, one-off windows
  ends: number | null;
  schedule: string;
  tz: string;
  duration: number; // seconds, recurring windows
}

export interface WindowSpec extends WindowTiming {
  name: string;
}

/** Windows a check or a project may have: each is evaluated for every alert held or not. */
export const MAX_WINDOWS = 20;
const MAX_NAME = 100;
const MIN_DURATION = 60;
const MAX_DURATION = 31536000;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

type Result<T> = { ok: T } | { error: string };

function instant(field: string, value: PyJson | undefined): Result<number> {
  const ms = typeof value === "string" && ISO_WITH_ZONE.test(value) ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? { ok: ms } : { error: `${field} is not an ISO 8601 date and time with a UTC offset` };
}

function oneOff(body: { [key: string]: PyJson }, name: string): Result<WindowSpec> {
  const start = instant("start", body.start);
  if ("error" in start) return start;
  const end = instant("end", body.end);
  if ("error" in end) return end;
  if (end.ok <= start.ok) return { error: "end must be after start" };
  return { ok: { name, starts: start.ok, ends: end.ok, schedule: "", tz: "UTC", duration: 0 } };
}

function recurring(body: { [key: string]: PyJson }, name: string): Result<WindowSpec> {
  const { schedule, tz = "UTC", duration } = body;
  if (typeof schedule !== "string") return { error: "schedule is not a string" };
  if ([...schedule].length > 100 || !isValidSchedule(schedule)) return { error: "schedule is not a valid cron or OnCalendar expression" };
  const zone = typeof tz === "string" ? canonicalTimezone(tz) : null;
  if (zone === null) return { error: "tz is not a valid timezone" };
  if (typeof duration !== "number" || !Number.isInteger(duration)) return { error: "duration is not an integer" };
  if (duration < MIN_DURATION) return { error: "duration is too small" };
  if (duration > MAX_DURATION) return { error: "duration is too large" };
  return { ok: { name, starts: null, ends: null, schedule, tz: zone, duration } };
}

/**
 * A window as the API and the dashboard take it: `{"start", "end"}` (ISO 8601 with an offset)
 * or `{"schedule", "tz"?, "duration"}` (seconds), with an optional `name`; other keys (an
 * `id` read back from the API) are ignored.
 */
export function parseWindow(value: PyJson): Result<WindowSpec> {
  if (!isPyObject(value)) return { error: "a maintenance window is not an object" };
  const name = value.name ?? "";
  if (typeof name !== "string") return { error: "name is not a string" };
  if ([...name].length > MAX_NAME) return { error: "name is too long" };
  if (name.includes("\u0000")) return { error: "name must not contain null characters" };
  const once = value.start !== undefined || value.end !== undefined;
  const repeats = value.schedule !== undefined || value.duration !== undefined;
  if (once === repeats) return { error: "a maintenance window has either start and end, or schedule and duration" };
  return once ? oneOff(value, name) : recurring(value, name);
}

/** The end of the occurrence of `window` that covers `at` (epoch ms), or null when none does. */
export function occurrenceEnd(window: WindowTiming, at: number): number | null {
  if (window.schedule === "") return window.starts! <= at && at < window.ends! ? window.ends! : null;
  const length = window.duration * 1000;
  // The first run after `at - length` is the earliest occurrence that can still be open at `at`.
  const run = nextRun(scheduleKind(window.schedule), window.schedule, window.tz, new Date(at - length))?.getTime() ?? null;
  return run !== null && run <= at && at < run + length ? run + length : null;
}

/** The next instant after `at` when `window` opens (null: never again), for the dashboard. */
export function nextOpening(window: WindowTiming, at: number): number | null {
  if (window.schedule === "") return window.starts! > at ? window.starts! : null;
  return nextRun(scheduleKind(window.schedule), window.schedule, window.tz, new Date(at))?.getTime() ?? null;
}

// Windows that follow one another end to end make one maintenance period; this many at most.
const MAX_CHAINED = 20;

/**
 * Whether any of `windows` covers `at`: the window, and when the maintenance ends (the end of
 * the latest occurrence covering it, extended through windows that overlap or follow on).
 */
export function maintenanceAt<W extends WindowTiming>(windows: readonly W[], at: number, endOf = occurrenceEnd): { window: W; until: number } | null {
  let found: { window: W; until: number } | null = null;
  for (const window of windows) {
    const end = endOf(window, at);
    if (end !== null && (found === null || end > found.until)) found = { window, until: end };
  }
  if (found === null) return found;
  for (let i = 0; i < MAX_CHAINED; i++) {
    let later = found.until;
    for (const window of windows) later = Math.max(later, endOf(window, found.until) ?? later);
    if (later === found.until) break;
    found.until = later;
  }
  return found;
}

/**
 * occurrenceEnd with a memory per window, for the alert worker's batches, where thousands of
 * flips of nearly the same instant ask about the same project-wide window: an answer holds for
 * a whole span (until the occurrence ends, or until the next one opens).
 */
export class WindowMemo {
  private readonly spans = new Map<WindowTiming, { from: number; to: number; end: number | null }>();

  readonly endOf = (window: WindowTiming, at: number): number | null => {
    const span = this.spans.get(window);
    if (span && span.from <= at && at < span.to) return span.end;
    const end = occurrenceEnd(window, at);
    const to = end ?? nextOpening(window, at) ?? Infinity;
    this.spans.set(window, { from: at, to, end });
    return end;
  };
}

function hours(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** A window in words, for the log and the dashboard: its name, or what it is. */
export function windowLabel(window: WindowSpec): string {
  if (window.name) return window.name;
  if (window.schedule === "") return `${isoSeconds(window.starts!)} to ${isoSeconds(window.ends!)}`;
  return `${window.schedule.replace(/\s+/g, " ")} (${window.tz}) for ${hours(window.duration)}`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A wall-clock time as a browser's datetime-local field sends it ("2020-03-29T01:30"), read in
 * zone `tz` (a canonical name): epoch ms, or null when it is not one. A time skipped by a DST
 * change, or one that comes twice, is read as Python (and so the schedule engine) reads it.
 */
export function localTimeIn(value: string, tz: string): number | null {
  const m = LOCAL_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) return null;
  return getZone(tz).toInstant(wallFromParts(year, month, day, hour, minute, second), 0) * 1000;
}
