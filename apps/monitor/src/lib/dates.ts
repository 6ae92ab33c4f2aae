// Timestamps in the upstream's formats (Python's isoformat on UTC datetimes).

/** `2020-03-24T14:02:03+00:00`: sub-second part dropped. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + "+00:00";
}

/** Like isoSeconds, but keeps the fraction as six digits when it is not zero. */
export function isoMicros(ms: number): string {
  const frac = ((ms % 1000) + 1000) % 1000;
  const base = new Date(ms - frac).toISOString().slice(0, 19);
  return frac === 0 ? `${base}+00:00` : `${base}.${String(frac).padStart(3, "0")}000+00:00`;
}
