// Uptime figures of checks at an instant (lib/uptime.ts), read from their flips.
import type { Db } from "../deps.js";
import { monthStart, UPTIME_DAYS, UPTIME_MONTHS, uptimeReport, type UptimeReport } from "../lib/uptime.js";
import { flipsSince } from "../store/uptime.js";
import type { Check } from "../store/schema.js";

/** The earliest instant any figure covers at `now`. */
export function uptimeHorizon(now: number): number {
  return Math.min(now - Math.max(...UPTIME_DAYS) * 86400_000, monthStart(now, 1 - UPTIME_MONTHS));
}

export async function uptimeOf(db: Db, checks: Check[], now: number): Promise<Map<number, UptimeReport>> {
  const flips = await flipsSince(db, checks.map((c) => c.id), uptimeHorizon(now));
  return new Map(checks.map((c) => [c.id, uptimeReport(flips.get(c.id) ?? [], c.created, c.status, now)]));
}
