import type { Clock } from "@beacon/platform";

/**
 * A clock that only moves when a test moves it. `advance` and `set` are time passing (the
 * wall and the monotonic clock move together); `jump` steps the wall clock alone, as NTP or an
 * operator does.
 */
export class FakeClock implements Clock {
  private current: number;
  /** How far the wall clock has been stepped away from the monotonic one. */
  private stepped = 0;

  constructor(start: Date | string = "2020-01-01T00:00:00Z") {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  monotonic(): number {
    return this.current - this.stepped;
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  /** Steps the wall clock by `ms` (negative: back) while no real time passes. */
  jump(ms: number): void {
    this.current += ms;
    this.stepped += ms;
  }
}
