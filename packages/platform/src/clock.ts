/** The only source of "now" in domain code, so tests can move time by hand. */
export interface Clock {
  now(): Date;
  /**
   * Milliseconds on a clock that only moves forward at the pace of real time (never stepped by
   * NTP or an operator), from an arbitrary origin. A clock without it has no jumps to notice.
   */
  monotonic?(): number;
}

export const systemClock: Clock = { now: () => new Date(), monotonic: () => performance.now() };
