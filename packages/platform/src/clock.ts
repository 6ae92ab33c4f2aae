/** The only source of "now" in domain code, so tests can move time by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
