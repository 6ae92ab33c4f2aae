// A maintenance window as the API shows it (docs/monitor-extensions.md): one-off windows with
// `start` and `end`, recurring ones with `schedule`, `tz` and `duration` in seconds.
import { isoSeconds } from "../lib/dates.js";
import type { MaintenanceWindow } from "../store/schema.js";

export function presentWindow(window: MaintenanceWindow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: window.uuid, name: window.name };
  if (window.schedule === "") {
    out.start = isoSeconds(window.starts!);
    out.end = isoSeconds(window.ends!);
  } else {
    out.schedule = window.schedule;
    out.tz = window.tz;
    out.duration = window.duration;
  }
  return out;
}
