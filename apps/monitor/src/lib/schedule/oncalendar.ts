// Next-run search for OnCalendar schedules, reproducing the `oncalendar` 1.1 library run by
// Healthchecks with the search cron uses (search.ts). Each line walks the wall clock of its zone
// (the zone named at its end, else the check's) and only consults the zone for the result: times
// inside a spring-forward gap are skipped, ambiguous times resolve to their first pass. Lines are
// merged as the library does.
import { DAY, daysFromCivil, mod, weekdayMon0 } from "./civil.js";
import { END_YEAR, FIRST_YEAR, type OnCalendarLine, type OnCalendarSpec } from "./oncalendar-spec.js";
import { FieldSearch } from "./search.js";
import { getZone, type Zone } from "./zoned.js";

/** Whether a date runs, given its day of month, the month's length and its weekday (Monday = 0). */
function matchesDay(spec: OnCalendarSpec, day: number, last: number, weekday: number): boolean {
  if (spec.weekdays[weekday] !== 1) return false;
  return spec.days[day] === 1 || spec.daysFromEnd[last - day + 1] === 1;
}

/** Iterates one line's matches in its zone: the OnCalendar field model of the search. */
class LineIterator extends FieldSearch {
  private done = false;

  constructor(
    private readonly spec: OnCalendarSpec,
    private readonly zone: Zone,
    start: number,
  ) {
    super(zone.toWall(Math.floor(start)).wall, spec.months);
  }

  /** The next match as epoch seconds, or null when there is none before year 2200. */
  next(): number | null {
    if (this.done) return null;
    this.wall += 1;
    if (!this.search()) {
      this.done = true;
      return null;
    }
    return this.zone.toInstant(this.wall, 0);
  }

  protected pastHorizon(): boolean {
    return this.yearOf(this.wall) >= END_YEAR;
  }

  protected weekdayOf(days: number): number {
    return weekdayMon0(days);
  }

  protected matchesDay(day: number, last: number, weekday: number): boolean {
    return matchesDay(this.spec, day, last, weekday);
  }

  protected override advanceYear(): void {
    let year = this.yearOf(this.wall);
    if (this.allowsYear(year)) return;
    while (!this.allowsYear(year) && year < END_YEAR) year++;
    this.wall = daysFromCivil(year, 1, 1) * DAY;
  }

  private allowsYear(year: number): boolean {
    return year >= FIRST_YEAR && year < END_YEAR && this.spec.years[year - FIRST_YEAR] === 1;
  }

  // Hour, minute and second jump on the wall clock; ambiguous times resolve to their first pass.
  protected advanceHour(): boolean {
    const hour = Math.floor(mod(this.wall, DAY) / 3600);
    if (this.spec.hours[hour] === 1) return false;
    const dayStart = this.wall - mod(this.wall, DAY);
    let next = hour + 1;
    while (next < 24 && this.spec.hours[next] !== 1) next++;
    this.wall = dayStart + next * 3600;
    return true;
  }

  protected advanceMinute(): boolean {
    const minute = Math.floor(mod(this.wall, 3600) / 60);
    if (this.spec.minutes[minute] === 1) return false;
    const hourStart = this.wall - mod(this.wall, 3600);
    let next = minute + 1;
    while (next < 60 && this.spec.minutes[next] !== 1) next++;
    this.wall = hourStart + next * 60;
    return true;
  }

  protected advanceSecond(): boolean {
    const second = mod(this.wall, 60);
    if (this.spec.seconds[second] === 1) return false;
    const minuteStart = this.wall - second;
    if (this.spec.singleSecond >= 0) {
      // The library jumps straight to the single allowed second, into the next minute if needed.
      this.wall += mod(this.spec.singleSecond - second, 60);
      return true;
    }
    let next = second + 1;
    while (next < 60 && this.spec.seconds[next] !== 1) next++;
    this.wall = minuteStart + next;
    return true;
  }

  protected override leaveGap(): boolean {
    if (!this.zone.isImaginary(this.wall)) return false;
    // compat: a time that clocks skip is not run at all; the search resumes after the gap.
    this.wall = Math.max(this.wall + 1, this.zone.gapEnd(this.wall));
    return true;
  }
}

interface Entry {
  line: LineIterator;
  /** The entry's latest result: epoch seconds, and wall seconds in the check's zone. */
  instant: number;
  local: number;
  fresh: boolean;
}

/** Merges the lines of a schedule into one ascending sequence, as the library does. */
export class OnCalendarIterator {
  private entries: Entry[];
  private current = 0;

  /** `start` in epoch seconds; `zone` is the check's zone, used for lines without their own. */
  constructor(
    lines: readonly OnCalendarLine[],
    start: number,
    private readonly zone: Zone,
  ) {
    this.entries = lines.map((line) => ({
      line: new LineIterator(line.spec, line.zone === null ? zone : getZone(line.zone), start),
      instant: start,
      local: 0,
      fresh: true,
    }));
  }

  next(): number | null {
    const live: Entry[] = [];
    for (const entry of this.entries) {
      // compat: results are compared as wall-clock times in the check's zone (Python ignores
      // `fold` when comparing datetimes of one zone), so in a repeated hour a line's second-pass
      // result can sort before another line's first-pass one.
      if (!entry.fresh && entry.local > this.current) {
        live.push(entry);
        continue;
      }
      const instant = entry.line.next();
      if (instant === null) continue;
      entry.instant = instant;
      entry.local = this.zone.toWall(instant).wall;
      entry.fresh = false;
      live.push(entry);
    }
    this.entries = live;
    if (live.length === 0) return null;
    let best = live[0];
    for (const entry of live) if (entry.local < best.local) best = entry;
    this.current = best.local;
    return best.instant;
  }
}
