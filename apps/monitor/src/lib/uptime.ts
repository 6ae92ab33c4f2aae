// Uptime figures from a check's flips (docs/monitor-extensions.md): over a span of time, how
// long the check was up and down, and how many downtimes began. Time the check was new or
// paused (or did not exist) counts as neither, so a pause neither helps nor hurts the figure.
// The status between two flips is the later flip's old status; before the first flip kept,
// the first flip's old status; with no flip at all, the check's stored status.

export interface FlipFact {
  created: number; // epoch ms
  old_status: string;
  new_status: string;
}

export interface UptimeFigures {
  /** Up time over up and down time; null when the check was neither during the span. */
  up_fraction: number | null;
  up_seconds: number;
  down_seconds: number;
  /** Flips to down inside the span. */
  downtimes: number;
}

/**
 * Figures for [from, to). `flips` ascending by time; `created` the check's creation (nothing
 * is counted before it); `current` its stored status now.
 */
export function uptimeBetween(flips: FlipFact[], created: number, current: string, from: number, to: number): UptimeFigures {
  let up = 0;
  let down = 0;
  let downtimes = 0;
  let cursor = Math.max(from, created);
  let status = flips.length > 0 ? flips[0].old_status : current;
  const add = (until: number) => {
    const span = Math.min(until, to) - cursor;
    if (span <= 0) return;
    if (status === "up") up += span;
    else if (status === "down") down += span;
    cursor += span;
  };
  for (const flip of flips) {
    if (flip.created >= to) break;
    if (flip.created > cursor) add(flip.created);
    if (flip.created >= from && flip.new_status === "down" && flip.old_status !== "down") downtimes++;
    status = flip.new_status;
  }
  add(to);
  const total = up + down;
  return { up_fraction: total === 0 ? null : up / total, up_seconds: Math.floor(up / 1000), down_seconds: Math.floor(down / 1000), downtimes };
}

/** 00:00 UTC on the first of the month `offset` months from the one holding `ms`. */
export function monthStart(ms: number, offset = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

export const UPTIME_DAYS = [7, 30, 90] as const;
/** Calendar months reported: this one and the two before (the flips kept cover them). */
export const UPTIME_MONTHS = 3;

export interface UptimeReport {
  days: (UptimeFigures & { days: number; start: number; end: number })[];
  months: (UptimeFigures & { month: string; start: number; end: number })[];
}

export function uptimeReport(flips: FlipFact[], created: number, current: string, now: number): UptimeReport {
  const days = UPTIME_DAYS.map((n) => {
    const start = now - n * 86400_000;
    return { days: n, start, end: now, ...uptimeBetween(flips, created, current, start, now) };
  });
  const months = [];
  for (let i = 0; i < UPTIME_MONTHS; i++) {
    const start = monthStart(now, -i);
    const end = Math.min(monthStart(now, -i + 1), now);
    months.push({ month: new Date(start).toISOString().slice(0, 7), start, end, ...uptimeBetween(flips, created, current, start, end) });
  }
  return { days, months };
}

/** "99.95%": two decimals, never rounded up to 100% while there was downtime. */
export function percent(fraction: number | null): string {
  if (fraction === null) return "–";
  const hundredths = Math.floor(fraction * 10000);
  return `${(hundredths / 100).toFixed(2)}%`;
}
