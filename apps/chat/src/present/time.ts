/** Zulip's ISO dates carry an explicit UTC offset: `2019-10-20T07:50:53.728+00:00`. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

/** UNIX seconds, for `date_created` style fields. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}
