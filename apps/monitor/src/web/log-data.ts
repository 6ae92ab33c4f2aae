// Loading a check's log for the details page (the latest events) and the log page (a time
// window and kinds). Durations are paired over every kept ping, before the kinds are
// filtered, so a success shows its run time even when its start is filtered out.
import type { MonitorDeps } from "../deps.js";
import { listCheckNotifications, listCheckPings, type TimeWindow } from "../store/check-log.js";
import { listFlips } from "../store/flips.js";
import { holdsByFlip } from "../store/held-alerts.js";
import type { Check } from "../store/schema.js";
import { buildLog, eventKind, type LogEvent } from "./views/event-log.js";

export interface LogQuery {
  window: TimeWindow;
  /** Event kinds to keep (LOG_KINDS); null keeps all. */
  kinds: Set<string> | null;
  limit: number;
}

export async function loadLog(deps: MonitorDeps, check: Check, query: LogQuery): Promise<LogEvent[]> {
  // The whole kept history up to the window's end (a check keeps at most its ping log limit),
  // so runs that began before the window are still paired.
  const cap = Math.max(deps.config.pingLogLimit, query.limit) + 1;
  const pings = await listCheckPings(deps.db, check.id, { end: query.window.end }, cap);
  const complete = pings.length < cap;
  const flips = await listFlips(deps.db, check.id, query.window);
  const notifications = await listCheckNotifications(deps.db, check.id, query.window, cap);
  const holds = await holdsByFlip(deps.db, flips);
  const start = query.window.start ?? -Infinity;
  return buildLog(pings, flips, notifications, complete, holds)
    .filter((e) => e.at >= start && (query.kinds === null || query.kinds.has(eventKind(e))))
    .slice(0, query.limit);
}
