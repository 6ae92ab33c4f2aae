// Ping rows -> the upstream's ping objects, with durations paired by run id.
import { isoMicros } from "../lib/dates.js";
import { PyFloat } from "../lib/pyjson.js";
import type { Ping } from "../store/schema.js";

const PAIRING_WINDOW_MS = 72 * 3600 * 1000;

export function pingType(ping: Pick<Ping, "kind">): string {
  return ping.kind ?? "success";
}

const closes = (ping: Ping) => ping.kind === null || ping.kind === "fail";
// Ignored and log pings are transparent to pairing.
const pairable = (ping: Ping) => ping.kind !== "ign" && ping.kind !== "log";

/**
 * Duration of a success/fail ping: the time since the most recent earlier pairable ping
 * with the same rid, when that one is a start at most 72 hours old. `earlier` must be
 * newest first. Returns undefined when there is no duration, null when `earlier` does
 * not reach far enough back to decide.
 */
export function pingDuration(ping: Ping, earlier: Ping[], complete: boolean): number | undefined | null {
  if (!closes(ping)) return undefined;
  for (const prev of earlier) {
    if (ping.created - prev.created > PAIRING_WINDOW_MS) return undefined;
    if (!pairable(prev) || prev.rid !== ping.rid) continue;
    return prev.kind === "start" ? ping.created - prev.created : undefined;
  }
  return complete ? undefined : null;
}

export function presentPing(ping: Ping, durationMs: number | undefined, bodyUrl: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: pingType(ping),
    date: isoMicros(ping.created),
    n: ping.n,
    scheme: ping.scheme,
    remote_addr: ping.remote_addr,
    method: ping.method,
    ua: ping.ua,
    rid: ping.rid,
  };
  if (durationMs !== undefined) out.duration = new PyFloat(Math.round(durationMs / 10) / 100);
  out.body_url = bodyUrl;
  return out;
}
