// Human-readable times and durations for the dashboard.
import { html, type Html } from "../html.js";

const UNITS: [number, string][] = [
  [86400 * 7, "week"],
  [86400, "day"],
  [3600, "hour"],
  [60, "minute"],
  [1, "second"],
];

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** "1 day 2 hours": at most two units, the largest first. */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(seconds));
  for (const [size, unit] of UNITS) {
    if (rest >= size) {
      parts.push(plural(Math.floor(rest / size), unit));
      rest %= size;
    }
    if (parts.length === 2) break;
  }
  return parts.length > 0 ? parts.join(" ") : "0 seconds";
}

/** "3 minutes ago", "in 2 hours": the largest unit only. */
export function relativeTime(ms: number, now: number): string {
  const delta = Math.round((ms - now) / 1000);
  const abs = Math.abs(delta);
  if (abs < 10) return "just now";
  const [size, unit] = UNITS.find(([s]) => abs >= s) ?? UNITS[UNITS.length - 1];
  const text = plural(Math.floor(abs / size), unit);
  return delta < 0 ? `${text} ago` : `in ${text}`;
}

/** `2020-01-01 12:30:05 UTC`. */
export function utcTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ") + " UTC";
}

/** A relative time with the exact UTC instant on hover; the page script localizes it. */
export function timeTag(ms: number | null, now: number, empty = "Never"): Html {
  if (ms === null) return html`<span class="muted">${empty}</span>`;
  return html`<time datetime="${new Date(ms).toISOString()}" title="${utcTime(ms)}">${relativeTime(ms, now)}</time>`;
}

/** The wall-clock time of an instant in a zone, for the schedule preview. */
export function zonedTime(ms: number, tz: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("weekday")} ${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")} ${get("timeZoneName")}`;
}

/** The longest prefix of `bytes` of at most `max` bytes that ends on a UTF-8 character boundary. */
export function utf8Prefix(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  // A continuation byte (10xxxxxx) at the cut means a character started before it: back off.
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/**
 * An instant shown in UTC, which the page script rewrites in the viewer's time zone (or keeps
 * in UTC: the log's toggle). Without scripts it reads in UTC.
 */
export function instant(ms: number): Html {
  return html`<time datetime="${new Date(ms).toISOString()}" data-local>${utcTime(ms)}</time>`;
}
