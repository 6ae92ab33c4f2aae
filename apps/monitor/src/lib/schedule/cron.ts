// Next-run search for cron expressions, reproducing cronsim 2.7 run by Healthchecks, time zones
// and DST quirks included. The search is cronsim's (search.ts): roll month, then day, hour, minute
// and second forward to the nearest allowed value, starting over whenever a field moved.
//
// Two clocks, as in cronsim:
// - fixed-time jobs (minute and hour not starting with `*`) walk the local wall clock and only
//   look at the zone at the end, so a repeated hour runs once and a skipped time moves forward;
// - every other job ticks in real time (instants) and reads the wall clock after each tick, so
//   a repeated hour runs twice and a skipped hour does not run.
import { DAY, mod, weekdaySun0 } from "./civil.js";
import type { CronSpec } from "./cron-spec.js";
import { FieldSearch } from "./search.js";
import type { Zone } from "./zoned.js";

// cronsim gives up when nothing matches within 50 years of where the search started.
const HORIZON_YEARS = 50;

/** Whether a date runs, given its day of month, the month's length and its weekday (Sunday = 0). */
function matchesDay(spec: CronSpec, day: number, last: number, weekday: number): boolean {
  let dom = spec.days[day] === 1;
  if (!dom && spec.lastDay) dom = day === last;
  if (!dom && spec.lastWeekday && day >= last - 2) {
    // The last Monday–Friday: the last day unless that falls on a weekend.
    const lastDayWeekday = (weekday + last - day) % 7;
    dom = day === (lastDayWeekday === 0 ? last - 2 : lastDayWeekday === 6 ? last - 1 : last);
  }
  if (spec.dayAnd && !dom) return false;
  if (!spec.dayAnd && dom) return true;

  if (spec.weekdays[weekday] === 1) return true;
  if (spec.lastOfMonth[weekday] === 1 && day + 7 > last) return true;
  return (spec.nthOfMonth[weekday] & (1 << Math.floor((day + 6) / 7))) !== 0;
}

/** The cron field model; the wall clock is in the zone, or UTC when there is no zone. */
export class CronIterator extends FieldSearch {
  private fold: 0 | 1 = 0;
  /** Set when ticking in real time; null when ticking the wall clock. */
  private readonly tickZone: Zone | null;
  /** Set when ticking the wall clock of a zone: the zone to resolve results in. */
  private readonly wallZone: Zone | null;
  private done = false;
  private horizonYear = 0;

  /** `start` is in epoch seconds (sub-second parts are dropped); `zone` null means naive UTC. */
  constructor(
    private readonly spec: CronSpec,
    start: number,
    zone: Zone | null,
  ) {
    const instant = Math.floor(start);
    const local = zone === null ? { wall: instant, fold: 0 as const } : zone.toWall(instant);
    super(local.wall, spec.months);
    if (zone === null) {
      this.tickZone = null;
      this.wallZone = null;
    } else {
      this.fold = local.fold;
      this.tickZone = spec.fixedTime ? null : zone;
      this.wallZone = spec.fixedTime ? zone : null;
    }
  }

  /** The next run as epoch seconds, or null once the search horizon is exhausted. */
  next(): number | null {
    if (this.done) return null;
    this.tick(1);
    this.horizonYear = this.yearOf(this.wall) + HORIZON_YEARS;
    if (!this.search()) {
      this.done = true;
      return null;
    }
    if (this.wallZone !== null) {
      // compat: a fixed time inside a spring-forward gap moves to the first minute after it, and
      // an ambiguous one resolves to its first pass (which may precede the search start).
      while (this.wallZone.isImaginary(this.wall)) this.wall += 60;
      return this.wallZone.toInstant(this.wall, 0);
    }
    return this.tickZone === null ? this.wall : this.tickZone.toInstant(this.wall, this.fold);
  }

  private tick(seconds: number): void {
    // compat: in real-time mode cronsim adds seconds to the instant and re-reads the wall clock,
    // so stepping an hour can leave the wall hour unchanged (fall-back) or skip one (spring-forward).
    if (this.tickZone === null) {
      this.wall += seconds;
      return;
    }
    const local = this.tickZone.toWall(this.tickZone.toInstant(this.wall, this.fold) + seconds);
    this.wall = local.wall;
    this.fold = local.fold;
  }

  /** Moves to midnight of a day, as cronsim's `datetime.combine` does (fold reset). */
  protected override moveToDay(days: number): void {
    this.wall = days * DAY;
    this.fold = 0;
  }

  protected pastHorizon(): boolean {
    return this.yearOf(this.wall) > this.horizonYear;
  }

  protected weekdayOf(days: number): number {
    return weekdaySun0(days);
  }

  protected matchesDay(day: number, last: number, weekday: number): boolean {
    return matchesDay(this.spec, day, last, weekday);
  }

  // Truncating the wall clock keeps `fold`, as Python's `datetime.replace` does, so a search that
  // starts in the second pass of a repeated hour stays there.
  protected advanceHour(): boolean {
    if (this.spec.hours[hourOf(this.wall)] === 1) return false;
    this.wall -= mod(this.wall, 3600);
    while (this.spec.hours[hourOf(this.wall)] !== 1) {
      this.tick(3600);
      if (hourOf(this.wall) === 0) break;
    }
    return true;
  }

  protected advanceMinute(): boolean {
    const minute = minuteOf(this.wall);
    if (this.spec.minutes[minute] === 1) return false;
    this.wall -= mod(this.wall, 60);
    // compat: cronsim jumps straight to a lone allowed minute, into the next hour if need be; in
    // real-time mode that jump can cross a DST change that minute-by-minute steps would notice.
    if (this.spec.singleMinute >= 0) this.tick(mod(this.spec.singleMinute - minute, 60) * 60);
    while (this.spec.minutes[minuteOf(this.wall)] !== 1) {
      this.tick(60);
      if (minuteOf(this.wall) === 0) break;
    }
    return true;
  }

  protected advanceSecond(): boolean {
    const second = mod(this.wall, 60);
    if (this.spec.seconds[second] === 1) return false;
    if (this.spec.singleSecond >= 0) this.tick(mod(this.spec.singleSecond - second, 60));
    while (this.spec.seconds[mod(this.wall, 60)] !== 1) {
      this.tick(1);
      if (mod(this.wall, 60) === 0) break;
    }
    return true;
  }
}

function hourOf(wall: number): number {
  return Math.floor(mod(wall, DAY) / 3600);
}

function minuteOf(wall: number): number {
  return Math.floor(mod(wall, 3600) / 60);
}
