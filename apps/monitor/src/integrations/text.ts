// Wording shared by the alert templates, reproducing the upstream's filters and helpers
// (name_then_code, reason_long, hc_duration, hc_duration_for_sentence, naturaltime, …).
import type { MonitorConfig } from "../config.js";
import type { Check, Ping } from "../store/schema.js";
import { tagsList } from "../lib/tags.js";
import type { AlertContext } from "./alert.js";

export const nameThenCode = (check: Pick<Check, "name" | "uuid">): string => check.name || check.uuid;

export const cloakedUrl = (config: MonitorConfig, check: Pick<Check, "unique_key">): string => `${config.siteRoot}/cloaked/${check.unique_key}/`;

export function reasonLong(reason: string): string | null {
  if (reason === "timeout") return "success signal did not arrive on time, grace time passed";
  if (reason === "fail") return "received a failure signal";
  // Beacon's extensions (docs/monitor-extensions.md).
  if (reason === "too_fast") return "the run ended sooner than its minimum duration, ran too fast";
  if (reason === "overrun") return "a run has lasted longer than its maximum duration";
  if (reason === "body") return "the ping body matched the check's alert pattern";
  return null;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** hc_duration: "1 day 2 hours"; weeks only when they divide evenly ("8 days", not "1 week 1 day"). */
export function formatDuration(seconds: number): string {
  let remaining = Math.floor(seconds);
  const out: string[] = [];
  for (const [name, size] of [["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60]] as const) {
    if (name === "week" && remaining % size !== 0) continue;
    const v = Math.floor(remaining / size);
    remaining -= v * size;
    if (v >= 1) out.push(plural(v, name));
  }
  return out.join(" ");
}

/** hc_duration_for_sentence: the two largest units, "2 hours, 5 minutes". */
export function formatDurationForSentence(ms: number): string {
  const total = Math.floor(ms / 1000);
  const secs = total % 60;
  const mins = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600) % 24;
  const days = Math.floor(total / 86400);
  if (days) return `${plural(days, "day")}, ${plural(hours, "hour")}`;
  if (hours) return `${plural(hours, "hour")}, ${plural(mins, "minute")}`;
  if (mins) return `${plural(mins, "minute")}, ${plural(secs, "second")}`;
  return plural(secs, "second");
}

/** Django's humanize naturaltime for past instants ("now", "5 minutes ago", "1 day, 3 hours ago"). */
export function naturaltime(then: number, now: number): string {
  const seconds = Math.floor((now - then) / 1000);
  if (seconds < 0) return "now";
  if (seconds >= 86400) return `${timesince(seconds)} ago`;
  if (seconds === 0) return "now";
  if (seconds < 60) return seconds === 1 ? "a second ago" : `${seconds} seconds ago`;
  if (seconds < 3600) {
    const m = Math.floor(seconds / 60);
    return m === 1 ? "a minute ago" : `${m} minutes ago`;
  }
  const hrs = Math.floor(seconds / 3600);
  return hrs === 1 ? "an hour ago" : `${hrs} hours ago`;
}

/** Django's timesince with depth 2: two adjacent units at most. */
function timesince(seconds: number): string {
  const units = [["year", 365 * 86400], ["month", 30 * 86400], ["week", 7 * 86400], ["day", 86400], ["hour", 3600], ["minute", 60]] as const;
  let remaining = seconds;
  const parts: string[] = [];
  let started = false;
  for (const [name, size] of units) {
    const v = Math.floor(remaining / size);
    if (!started) {
      if (v === 0) continue;
      started = true;
      parts.push(plural(v, name));
      remaining -= v * size;
      continue;
    }
    if (v > 0) parts.push(plural(v, name));
    break;
  }
  return parts.length ? parts.join(", ") : "0 minutes";
}

/** The upstream's natural_name_key: case-insensitive, numbers compared by value ("job 9" < "job 10"). */
export function naturalNameKey(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, "").padStart(8, "0"));
}

export function sortByNaturalName<T extends { name: string }>(items: T[]): T[] {
  const keyed = items.map((item) => [naturalNameKey(item.name), item] as const);
  keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return keyed.map(([, item]) => item);
}

/** Ping.get_kind_display. */
export function kindDisplay(ping: Pick<Ping, "kind" | "exitstatus">): string {
  if (ping.kind === "ign") return "Ignored";
  if (ping.kind === "fail") return ping.exitstatus ? `Exit status ${ping.exitstatus}` : "Failure";
  if (ping.kind === "start") return "Start";
  if (ping.kind === "log") return "Log";
  return "Success";
}

/** Django's HTML autoescape (conditional_escape). */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

/** Python's urllib.parse.quote: UTF-8 percent-encoding of all but A-Za-z0-9 _.-~ and `safe`. */
export function pyQuote(s: string, safe = "/"): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.~-]/.test(ch) || (byte < 128 && safe.includes(ch))) out += ch;
    else out += "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

/** Python's urlencode of a dict (quote_plus): form bodies as the upstream sends them. */
export function formEncode(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${pyQuote(k, " ").replace(/ /g, "+")}=${pyQuote(v, " ").replace(/ /g, "+")}`)
    .join("&");
}

/** The last ping body as text (invalid UTF-8 replaced), optionally cut to `maxlen` chars. */
export function pingBodyText(ping: Ping | undefined, maxlen?: number): string | null {
  if (!ping?.body || ping.body.length === 0) return null;
  let body = Buffer.from(ping.body).toString("utf8");
  if (maxlen && body.length > maxlen) body = body.slice(0, maxlen) + "\n[truncated]";
  return body;
}

type OtherCheck = NonNullable<AlertContext["otherDown"]>[number];

/**
 * The chat templates' closing block: a blank line, then "N other checks are also/still down.",
 * the list of them (each rendered by `item`, given its naturaltime "last ping"), or "All the
 * other checks are up."; nothing when the project has no other checks.
 */
export function otherDownLines(alert: AlertContext, item: (check: OtherCheck, lastPing: string) => string): string[] {
  const others = alert.otherDown;
  if (others === null) return [];
  const word = alert.flip.new_status === "down" ? "also" : "still";
  if (others.length > 10) return ["", `${others.length} other checks are ${word} down.`];
  if (others.length === 0) return ["", "All the other checks are up."];
  const list = others.map((c) => item(c, c.last_ping === null ? "never" : naturaltime(c.last_ping, alert.now)));
  return ["", `The following checks are ${word} down:`, ...list];
}

/** How a template marks up its facts: the label ("<b>Project:</b>"), a schedule, any other value. */
export interface FactsMarkup {
  label: (name: string) => string;
  code: (value: string) => string;
  escape: (value: string) => string;
  /** The tags, when not "a, b" (escaped). */
  tags?: (tags: string[]) => string;
}

/** The HTML templates' (Pushover, Signal, Telegram) facts: <b> labels, <code> schedule, HTML-escaped. */
export const htmlFacts: FactsMarkup = { label: (name) => `<b>${name}:</b>`, code: (value) => `<code>${htmlEscape(value)}</code>`, escape: htmlEscape };

/**
 * The facts most templates list under the headline: Project (when named), Tags (when any),
 * Period or Schedule and Time Zone, Total Pings, Last Ping.
 */
export function checkFacts(alert: Pick<AlertContext, "check" | "project" | "lastPing" | "now">, m: FactsMarkup): string[] {
  const { check, project, lastPing: ping } = alert;
  const lines: string[] = [];
  if (project.name) lines.push(`${m.label("Project")} ${m.escape(project.name)}`);
  const tags = tagsList(check.tags);
  if (tags.length) lines.push(`${m.label("Tags")} ${m.tags ? m.tags(tags) : m.escape(tags.join(", "))}`);
  if (check.kind === "simple") lines.push(`${m.label("Period")} ${formatDuration(check.timeout)}`);
  else lines.push(`${m.label("Schedule")} ${m.code(check.schedule)}`, `${m.label("Time Zone")} ${m.escape(check.tz)}`);
  lines.push(`${m.label("Total Pings")} ${ping ? ping.n : 0}`);
  lines.push(`${m.label("Last Ping")} ${ping ? `${kindDisplay(ping)}, ${naturaltime(ping.created, alert.now)}` : "Never"}`);
  return lines;
}
