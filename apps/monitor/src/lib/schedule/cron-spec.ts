// Parsing of cron expressions with the grammar of cronsim 2.7, the library Healthchecks uses:
// Debian-cron fields plus `L`, `LW`, `<d>L` and `<d>#<n>`, and an optional leading seconds field.
import { pySplit } from "./pytext.js";

export class CronSyntaxError extends Error {}

const enum Field {
  Second,
  Minute,
  Hour,
  Day,
  Month,
  Weekday,
}

const MIN = [0, 0, 0, 1, 1, 0];
const MAX = [59, 59, 23, 31, 12, 7];
const FIELD_NAMES = ["second", "minute", "hour", "day-of-month", "month", "day-of-week"];
const WEEKDAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
// February counts 29 days: a day-of-month is only impossible if no year ever has it.
const LONGEST_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Items that are not plain numbers get codes outside every field's range.
const LAST_DAY = -1000;
const LAST_WEEKDAY = -1001;
const NTH_BASE = 100; // weekday d, n-th of month: 100 + 10·d + n (n = 1…5)
const LAST_OF_MONTH = 9; // weekday d, last of month: 100 + 10·d + 9

export interface CronSpec {
  seconds: Uint8Array;
  minutes: Uint8Array;
  hours: Uint8Array;
  /** Indexed by day of month, 1…31. */
  days: Uint8Array;
  lastDay: boolean;
  lastWeekday: boolean;
  /** Indexed by month, 1…12. */
  months: Uint8Array;
  /** Indexed by weekday, Sunday = 0. */
  weekdays: Uint8Array;
  lastOfMonth: Uint8Array;
  /** Per weekday (Sunday = 0), bit n set for "n-th such weekday of the month". */
  nthOfMonth: Uint8Array;
  /** The value when exactly one second (minute) is allowed, else -1: cronsim jumps straight there. */
  singleSecond: number;
  singleMinute: number;
  /** Debian cron: day-of-month and day-of-week combine with AND if either starts with `*`. */
  dayAnd: boolean;
  /** Five fields with neither minute nor hour starting with `*`: a job at fixed local times. */
  fixedTime: boolean;
}

function fail(field: Field): never {
  throw new CronSyntaxError(`Bad ${FIELD_NAMES[field]}`);
}

/** A run of ASCII digits as a number (no sign, no blanks, no other scripts' digits). */
function digits(field: Field, s: string): number {
  if (!/^[0-9]+$/.test(s)) fail(field);
  return Number(s);
}

function value(field: Field, s: string): number {
  if (field === Field.Month) {
    const index = MONTH_NAMES.indexOf(s);
    if (index >= 0) return index + 1;
  }
  if (field === Field.Weekday) {
    const index = WEEKDAY_NAMES.indexOf(s);
    if (index >= 0) return index;
  }
  const v = digits(field, s);
  if (v < MIN[field] || v > MAX[field]) fail(field);
  return v;
}

function span(start: number, end: number, step = 1): number[] {
  const out: number[] = [];
  for (let v = start; v <= end; v += step) out.push(v);
  return out;
}

function parseTerm(field: Field, s: string): Set<number> {
  if (s === "*") return new Set(span(MIN[field], MAX[field]));

  if (s.includes(",")) {
    const result = new Set<number>();
    for (const term of s.split(",")) for (const v of parseTerm(field, term)) result.add(v);
    return result;
  }

  if (field === Field.Weekday && s.includes("L")) {
    if (!/^[0-9]+L$/.test(s)) fail(field);
    return new Set([NTH_BASE + 10 * value(field, s.slice(0, -1)) + LAST_OF_MONTH]);
  }

  if (field === Field.Weekday && s.includes("#")) {
    const hash = s.indexOf("#");
    const nth = digits(field, s.slice(hash + 1));
    if (nth < 1 || nth > 5) fail(field);
    return new Set([NTH_BASE + 10 * value(field, s.slice(0, hash)) + nth]);
  }

  if (s.includes("/")) {
    const slash = s.indexOf("/");
    const step = digits(field, s.slice(slash + 1));
    if (step === 0) fail(field);
    const items = parseTerm(field, s.slice(0, slash));
    // compat: cronsim ignores a step after `L` or `LW` ("L/5" means "L").
    if (items.size === 1 && (items.has(LAST_DAY) || items.has(LAST_WEEKDAY))) return items;
    // compat: a lone start value steps up to the field's maximum ("5/15" = 5,20,35,50), and so
    // does a one-value range ("5-5/15").
    if (items.size === 1) return new Set(span([...items][0], MAX[field], step));
    const sorted = [...items].sort((a, b) => a - b);
    return new Set(sorted.filter((_, i) => i % step === 0));
  }

  if (s.includes("-")) {
    const dash = s.indexOf("-");
    const start = value(field, s.slice(0, dash));
    const end = value(field, s.slice(dash + 1));
    if (end < start) fail(field);
    return new Set(span(start, end));
  }

  if (field === Field.Day && s === "LW") return new Set([LAST_WEEKDAY]);
  if (field === Field.Day && s === "L") return new Set([LAST_DAY]);
  return new Set([value(field, s)]);
}

function table(items: Set<number>, size: number): Uint8Array {
  const out = new Uint8Array(size);
  for (const v of items) if (v >= 0 && v < size) out[v] = 1;
  return out;
}

function single(items: Set<number>): number {
  return items.size === 1 ? [...items][0] : -1;
}

/** Parses a 5- or 6-field cron expression; throws CronSyntaxError when cronsim would reject it. */
export function parseCron(expr: string): CronSpec {
  const parts = pySplit(expr.toUpperCase());
  const fieldCount = parts.length;
  if (fieldCount === 5) parts.unshift("0");
  if (parts.length !== 6) throw new CronSyntaxError("Wrong number of fields");

  const seconds = parseTerm(Field.Second, parts[0]);
  const minutes = parseTerm(Field.Minute, parts[1]);
  const hours = parseTerm(Field.Hour, parts[2]);
  const days = parseTerm(Field.Day, parts[3]);
  const months = parseTerm(Field.Month, parts[4]);
  const weekdays = parseTerm(Field.Weekday, parts[5]);

  // compat: a day above 29 that no selected month has is a syntax error, even when the
  // day-of-week field would still allow runs ("0 0 30 2 MON").
  const smallestDay = Math.min(...days);
  if (smallestDay > 29) {
    const longest = Math.max(...[...months].map((m) => LONGEST_MONTH[m]));
    if (smallestDay > longest) fail(Field.Day);
  }

  const plainWeekdays = new Uint8Array(7);
  const lastOfMonth = new Uint8Array(7);
  const nthOfMonth = new Uint8Array(7);
  for (const item of weekdays) {
    if (item < NTH_BASE) {
      plainWeekdays[item % 7] = 1;
      continue;
    }
    // Weekday 7 is Sunday, like 0.
    const weekday = Math.floor((item - NTH_BASE) / 10) % 7;
    const n = (item - NTH_BASE) % 10;
    if (n === LAST_OF_MONTH) lastOfMonth[weekday] = 1;
    else nthOfMonth[weekday] |= 1 << n;
  }

  return {
    seconds: table(seconds, 60),
    minutes: table(minutes, 60),
    hours: table(hours, 24),
    days: table(days, 32),
    lastDay: days.has(LAST_DAY),
    lastWeekday: days.has(LAST_WEEKDAY),
    months: table(months, 13),
    weekdays: plainWeekdays,
    lastOfMonth,
    nthOfMonth,
    singleSecond: single(seconds),
    singleMinute: single(minutes),
    dayAnd: parts[3].startsWith("*") || parts[5].startsWith("*"),
    fixedTime: fieldCount === 5 && !parts[1].startsWith("*") && !parts[2].startsWith("*"),
  };
}
