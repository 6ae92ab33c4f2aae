// Parsing of systemd OnCalendar expressions with the grammar of the `oncalendar` 1.1 Python
// library that Healthchecks uses: `[weekdays] [[year-]month-day] [hour:minute[:second]] [zone]`,
// one expression per line, plus the shorthand keywords.
import { expressionZone } from "../timezones.js";
import { pySplit, pySplitLastWord, pyStrip } from "./pytext.js";

export class OnCalendarSyntaxError extends Error {}

const enum Field {
  Weekday,
  Year,
  Month,
  Day,
  Hour,
  Minute,
  Second,
}

// The library stops iterating at year 2200, as systemd does.
export const FIRST_YEAR = 1970;
export const END_YEAR = 2200;

const MIN = [0, FIRST_YEAR, 1, 1, 0, 0, 0];
const MAX = [6, END_YEAR - 1, 12, 31, 23, 59, 59];
const FIELD_NAMES = ["day-of-week", "year", "month", "day-of-month", "hour", "minute", "second"];
const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const WEEKDAYS_SHORT = WEEKDAYS.map((name) => name.slice(0, 3));

const SHORTHANDS: ReadonlyMap<string, string> = new Map([
  ["minutely", "*-*-* *:*:00"],
  ["hourly", "*-*-* *:00:00"],
  ["daily", "*-*-* 00:00:00"],
  ["monthly", "*-*-01 00:00:00"],
  ["weekly", "Mon *-*-* 00:00:00"],
  ["yearly", "*-01-01 00:00:00"],
  ["annually", "*-01-01 00:00:00"],
  ["quarterly", "*-01,04,07,10-01 00:00:00"],
  ["semiannually", "*-01,07-01 00:00:00"],
]);

export interface OnCalendarSpec {
  /** Indexed by year - FIRST_YEAR. */
  years: Uint8Array;
  months: Uint8Array;
  days: Uint8Array;
  /** Index n set for "n-th day counted from the end of the month" (`~n`, 1 = last day). */
  daysFromEnd: Uint8Array;
  /** Indexed by weekday, Monday = 0. */
  weekdays: Uint8Array;
  hours: Uint8Array;
  minutes: Uint8Array;
  seconds: Uint8Array;
  /** The only allowed second, or -1: the library jumps straight to it. */
  singleSecond: number;
}

export interface OnCalendarLine {
  spec: OnCalendarSpec;
  /** ICU name of the zone written at the end of the line, or null for the check's zone. */
  zone: string | null;
}

function fail(field: Field): never {
  throw new OnCalendarSyntaxError(`Bad ${FIELD_NAMES[field]}`);
}

function value(field: Field, s: string): number {
  if (field === Field.Weekday) {
    const upper = s.toUpperCase();
    let index = WEEKDAYS.indexOf(upper);
    if (index < 0) index = WEEKDAYS_SHORT.indexOf(upper);
    if (index < 0) fail(field);
    return index;
  }
  if (!/^[0-9]+$/.test(s)) fail(field);
  let v = Number(s);
  // Two-digit years: 0–69 are 2000–2069, 70–99 are 1970–1999.
  if (field === Field.Year && v < 70) v += 2000;
  if (field === Field.Year && v < 100) v += 1900;
  if (v < MIN[field] || v > MAX[field]) fail(field);
  return v;
}

function span(start: number, end: number, step = 1): number[] {
  const out: number[] = [];
  for (let v = start; v <= end; v += step) out.push(v);
  return out;
}

/** One component; `fromEnd` is set inside `~…` day terms, whose values come out negated. */
function parseTerm(field: Field, s: string, fromEnd = false): Set<number> {
  if (field === Field.Day && s.startsWith("~")) return parseTerm(field, s.slice(1), true);
  // compat: `~*` is not negated: it means every day, as `*` does.
  if (field !== Field.Weekday && s === "*") return new Set(span(MIN[field], MAX[field]));
  if (s.includes("*")) fail(field);
  if (field === Field.Weekday && s.endsWith(",")) return parseTerm(field, s.slice(0, -1));
  if (field === Field.Weekday && s.includes("-")) return parseTerm(field, s.replaceAll("-", ".."));

  if (s.includes(",")) {
    const result = new Set<number>();
    for (const term of s.split(",")) for (const v of parseTerm(field, term, fromEnd)) result.add(v);
    return result;
  }

  if (s.includes("/") && field !== Field.Weekday) {
    const slash = s.indexOf("/");
    const stepText = s.slice(slash + 1);
    if (!/^[0-9]+$/.test(stepText)) fail(field);
    const step = Number(stepText);
    if (step === 0) fail(field);
    const items = parseTerm(field, s.slice(0, slash), fromEnd);
    if (items.size === 1) {
      // compat: a lone start steps up to the maximum, or for `~` days down to the last day.
      const start = [...items][0];
      return new Set(span(start, fromEnd ? 0 : MAX[field], step));
    }
    const sorted = [...items].sort((a, b) => a - b);
    return new Set(sorted.filter((_, i) => i % step === 0));
  }

  if (s.includes("..")) {
    const dots = s.indexOf("..");
    const start = value(field, s.slice(0, dots));
    const end = value(field, s.slice(dots + 2));
    if (end < start) fail(field);
    return new Set(fromEnd ? span(-end, -start) : span(start, end));
  }

  const v = value(field, s);
  if (!fromEnd) return new Set([v]);
  // systemd rejects `~` offsets above 28.
  if (v > 28) fail(field);
  return new Set([-v]);
}

function table(items: Iterable<number>, size: number, base = 0): Uint8Array {
  const out = new Uint8Array(size);
  for (const v of items) if (v - base >= 0 && v - base < size) out[v - base] = 1;
  return out;
}

const EVERY = (field: Field): Set<number> => new Set(span(MIN[field], MAX[field]));

/** Parses one expression without a zone suffix; throws OnCalendarSyntaxError on rejection. */
export function parseExpression(expression: string): OnCalendarSpec {
  const expanded = SHORTHANDS.get(expression.toLowerCase()) ?? expression;
  const parts = pySplit(expanded.replaceAll("~", "-~"));
  if (parts.length === 0) throw new OnCalendarSyntaxError("Wrong number of fields");

  let hours = new Set([0]);
  let minutes = new Set([0]);
  let seconds = new Set([0]);
  if (parts[parts.length - 1].includes(":")) {
    const time = parts.pop()!.split(":");
    if (time.length !== 2 && time.length !== 3) throw new OnCalendarSyntaxError("Bad time");
    hours = parseTerm(Field.Hour, time[0]);
    minutes = parseTerm(Field.Minute, time[1]);
    seconds = parseTerm(Field.Second, time.length === 3 ? time[2] : "0");
  }

  let years = EVERY(Field.Year);
  let months = EVERY(Field.Month);
  let days = EVERY(Field.Day);
  const last = parts[parts.length - 1];
  if (last !== undefined && last.includes("-") && "0123456789*".includes(last[0])) {
    const date = parts.pop()!.split("-");
    if (date.length !== 2 && date.length !== 3) throw new OnCalendarSyntaxError("Bad date");
    if (date.length === 2) date.unshift("*");
    years = parseTerm(Field.Year, date[0]);
    months = parseTerm(Field.Month, date[1]);
    days = parseTerm(Field.Day, date[2]);
  }

  const weekdays = parts.length > 0 ? parseTerm(Field.Weekday, parts.shift()!) : EVERY(Field.Weekday);
  if (parts.length > 0) throw new OnCalendarSyntaxError("Wrong number of fields");

  return {
    years: table(years, END_YEAR - FIRST_YEAR, FIRST_YEAR),
    months: table(months, 13),
    days: table(days, 32),
    daysFromEnd: table([...days].filter((d) => d < 0).map((d) => -d), 32),
    weekdays: table(weekdays, 7),
    hours: table(hours, 24),
    minutes: table(minutes, 60),
    seconds: table(seconds, 60),
    singleSecond: seconds.size === 1 ? [...seconds][0] : -1,
  };
}

/** Parses one line: an expression, optionally followed by a zone name. */
export function parseLine(line: string): OnCalendarLine {
  let expression = pyStrip(line);
  let zone: string | null = null;
  // compat: the zone suffix is only looked for when the line contains an ordinary space.
  if (expression.includes(" ")) {
    const split = pySplitLastWord(expression);
    if (split !== null && !"0123456789*".includes(split[1][0])) {
      zone = expressionZone(split[1]);
      if (zone !== null) expression = split[0];
    }
  }
  return { spec: parseExpression(expression), zone };
}

/** Parses a whole schedule: lines split on "\n" after trimming the whole. */
export function parseOnCalendar(schedule: string): OnCalendarLine[] {
  return pyStrip(schedule).split("\n").map(parseLine);
}
