import type { Clock } from "@beacon/platform";

/** A clock that only moves when a test moves it. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = "2020-01-01T00:00:00Z") {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
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
}
