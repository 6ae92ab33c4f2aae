// The next-run search both schedule engines run (cronsim 2.7 and oncalendar 1.1 use the same
// algorithm): starting from a wall-clock time, the largest field whose value the schedule does not
// allow moves on to its next allowed value (or to the start of the next larger unit), and the
// search starts over from the largest field whenever a field moved. The time is a run once every
// field allows it. The engines differ only in their field models: which values each field allows,
// how the clock steps within a day, and how far the search may go.
import { civilFromDays, DAY, daysFromCivil, daysInMonth } from "./civil.js";

export abstract class FieldSearch {
  /** Wall-clock seconds in the schedule's zone (civil.ts). */
  protected wall: number;

  /** `months`: the allowed months, indexed 1–12. */
  constructor(
    wall: number,
    private readonly months: ArrayLike<number>,
  ) {
    this.wall = wall;
  }

  /** Whether a date runs, given its day of month, the month's length and its weekday. */
  protected abstract matchesDay(day: number, last: number, weekday: number): boolean;

  /** The weekday of a day counted from 1970-01-01, numbered as `matchesDay` expects. */
  protected abstract weekdayOf(days: number): number;

  /** Whether the search went past the last time it looks at (then there is no next run). */
  protected abstract pastHorizon(): boolean;

  // Within a day the two engines step differently: each moves the clock to the field's next
  // allowed value, or to the start of the next unit so that the larger fields get checked again,
  // and says whether it moved.
  protected abstract advanceHour(): boolean;
  protected abstract advanceMinute(): boolean;
  protected abstract advanceSecond(): boolean;

  /** Moves to an allowed year, when the schedule has a year field. */
  protected advanceYear(): void {}

  /** Moves past a time the clocks skip, when the schedule does not run in such a gap. */
  protected leaveGap(): boolean {
    return false;
  }

  /** Moves to midnight of a day counted from 1970-01-01. */
  protected moveToDay(days: number): void {
    this.wall = days * DAY;
  }

  /** Moves the clock forward to the nearest run; false when there is none within the horizon. */
  protected search(): boolean {
    for (;;) {
      this.advanceYear();
      if (this.pastHorizon()) return false;
      if (this.advanceMonth() || this.advanceDay()) continue;
      if (this.advanceHour() || this.advanceMinute() || this.advanceSecond()) continue;
      if (this.leaveGap()) continue;
      return true;
    }
  }

  protected yearOf(wall: number): number {
    return civilFromDays(Math.floor(wall / DAY)).year;
  }

  private advanceMonth(): boolean {
    let { year, month } = civilFromDays(Math.floor(this.wall / DAY));
    if (this.months[month] === 1) return false;
    do {
      month++;
      if (month > 12) {
        month = 1;
        year++;
      }
    } while (this.months[month] !== 1);
    this.moveToDay(daysFromCivil(year, month, 1));
    return true;
  }

  private advanceDay(): boolean {
    const today = Math.floor(this.wall / DAY);
    const { year, month, day } = civilFromDays(today);
    const last = daysInMonth(year, month);
    const weekday = this.weekdayOf(today);
    if (this.matchesDay(day, last, weekday)) return false;
    // Look no further than the first of next month, so that the month gets checked again.
    let next = day + 1;
    while (next <= last && !this.matchesDay(next, last, (weekday + next - day) % 7)) next++;
    this.moveToDay(today + next - day);
    return true;
  }
}
