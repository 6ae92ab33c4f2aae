// A check's log: pings, status changes and the alerts sent, newest first. The details page
// shows the latest events; the log page (/checks/<uuid>/log/) all it keeps, filtered.
import { pingDuration } from "../../present/ping.js";
import type { LoggedNotification } from "../../store/check-log.js";
import type { FlipHold } from "../../store/held-alerts.js";
import type { Check, Flip, Ping } from "../../store/schema.js";
import { kindTitle } from "../../integrations/registry.js";
import { html, type Html } from "../html.js";
import { channelName } from "./channel-name.js";
import { formatDuration, instant, utf8Prefix } from "./format.js";

export type LogEvent =
  | { kind: "ping"; at: number; ping: Ping; duration: number | undefined }
  | { kind: "flip"; at: number; flip: Flip; hold?: FlipHold }
  | { kind: "notification"; at: number; sent: LoggedNotification };

/** The kinds a log can be filtered by: a ping's type, or the other two kinds of event. */
export const LOG_KINDS: [string, string][] = [
  ["success", "Success"],
  ["fail", "Failure"],
  ["start", "Started"],
  ["log", "Log"],
  ["ign", "Ignored"],
  ["flip", "Status changes"],
  ["notification", "Notifications"],
];

export function eventKind(event: LogEvent): string {
  return event.kind === "ping" ? (event.ping.kind ?? "success") : event.kind;
}

const PING_LABELS: Record<string, [string, string]> = {
  success: ["Success", "up"],
  start: ["Started", "started"],
  fail: ["Failure", "down"],
  log: ["Log", "new"],
  ign: ["Ignored", "paused"],
};

export const BODY_PREVIEW = 300;
const utf8 = new TextDecoder("utf-8");

/**
 * Pings, flips and notifications interleaved by time; durations paired as the API pairs them
 * (`complete`: `pings` reach back to the check's first kept ping, so a missing start is known
 * to be missing). Flips and notifications older than the oldest ping shown are left out when
 * the pings are not complete: they would make the log look complete when it is not.
 */
export function buildLog(pings: Ping[], flips: Flip[], notifications: LoggedNotification[], complete: boolean, holds: ReadonlyMap<number, FlipHold> = new Map()): LogEvent[] {
  const events: LogEvent[] = pings.map((ping, i) => ({ kind: "ping", at: ping.created, ping, duration: pingDuration(ping, pings.slice(i + 1), complete) ?? undefined }));
  const horizon = complete || pings.length === 0 ? -Infinity : pings[pings.length - 1].created;
  for (const flip of flips) if (flip.created >= horizon) events.push({ kind: "flip", at: flip.created, flip, hold: holds.get(flip.id) });
  for (const sent of notifications) if (sent.notification.created >= horizon) events.push({ kind: "notification", at: sent.notification.sent ?? sent.notification.created, sent });
  return events.sort((a, b) => b.at - a.at);
}

/** The start of a ping's body for the log, cut on a character boundary. */
export function bodyPreview(body: Buffer | null): string {
  if (!body || body.length === 0) return "";
  const cut = utf8Prefix(body, BODY_PREVIEW);
  return utf8.decode(cut) + (cut.length < body.length ? "…" : "");
}

function pingRow(check: Check, event: Extract<LogEvent, { kind: "ping" }>): Html {
  const { ping } = event;
  const [label, cls] = PING_LABELS[ping.kind ?? "success"] ?? ["Ping", "new"];
  const exit = ping.exitstatus !== null ? html` <span class="muted">exit status ${ping.exitstatus}</span>` : null;
  const body = bodyPreview(ping.body);
  const href = `/checks/${check.uuid}/pings/${ping.n}/`;
  return html`<tr class="event ping" data-kind="${ping.kind ?? "success"}">
    <td class="when">${instant(ping.created)}</td>
    <td><span class="pill ${cls}">${label}</span></td>
    <td class="what">
      <a href="${href}" class="ping-link" title="Details of ping #${ping.n}">#${ping.n}</a> ${ping.scheme.toUpperCase()} ${ping.method} from ${ping.remote_addr ?? "unknown address"}${exit}
      ${event.duration !== undefined ? html` <span class="muted">· took ${formatDuration(event.duration / 1000)}</span>` : null}
      ${ping.ua ? html`<div class="muted small clip">${ping.ua}</div>` : null}
      ${body ? html`<pre class="body">${body}</pre>` : null}
    </td>
  </tr>`;
}

/** Why a down flip's alerts were held back (docs/monitor-extensions.md), and what became of them. */
function holdNote(hold: FlipHold | undefined): Html | null {
  if (!hold) return null;
  if ("dependency" in hold) {
    const { uuid, name } = hold.dependency;
    return html`<div class="small muted held">Alerts held back: it depends on <a href="/checks/${uuid}/details/">${name || "unnamed"}</a>, which was down.</div>`;
  }
  const { window_label, release_at } = hold.window;
  const until = release_at === null ? null : html` until ${instant(release_at)}`;
  return html`<div class="small muted held">Alerts held back: in maintenance (${window_label ?? "a window"})${until}; sent after it if still down.</div>`;
}

function flipRow(flip: Flip, hold?: FlipHold): Html {
  const reason = flip.reason ? ` (${flip.reason.replaceAll("_", " ")})` : "";
  return html`<tr class="event flip ${flip.new_status}" data-kind="flip">
    <td class="when">${instant(flip.created)}</td>
    <td><span class="pill ${flip.new_status}">Status</span></td>
    <td class="what">Changed from <strong>${flip.old_status}</strong> to <strong>${flip.new_status}</strong>${reason}${holdNote(hold)}</td>
  </tr>`;
}

function notificationRow({ notification: n, channel }: LoggedNotification): Html {
  const target = html`<strong>${channelName(channel)}</strong> <span class="muted">(${kindTitle(channel.kind)})</span>`;
  const outcome =
    n.state === "sent"
      ? html`Sent a “${n.check_status}” alert to ${target}`
      : n.state === "failed"
        ? html`Could not send a “${n.check_status}” alert to ${target}<div class="error-text small">${n.error}</div>`
        : html`Sending a “${n.check_status}” alert to ${target}${n.attempts > 0 ? html` <span class="muted">(attempt ${n.attempts + 1})</span>` : null}${n.error ? html`<div class="error-text small">${n.error}</div>` : null}`;
  return html`<tr class="event notification ${n.state}" data-kind="notification">
    <td class="when">${instant(n.sent ?? n.created)}</td>
    <td><span class="pill notice">Alert</span></td>
    <td class="what">${outcome}</td>
  </tr>`;
}

export function eventLog(check: Check, events: LogEvent[], empty = "No pings yet. Send one to the ping URL above and it shows up here."): Html {
  if (events.length === 0) return html`<p class="empty">${empty}</p>`;
  const row = (e: LogEvent) => (e.kind === "ping" ? pingRow(check, e) : e.kind === "flip" ? flipRow(e.flip, e.hold) : notificationRow(e.sent));
  return html`<table class="table log"><tbody>${events.map(row)}</tbody></table>`;
}

/** Shows the log's times in the viewer's zone or in UTC (the page script switches them). */
export function zoneToggle(): Html {
  return html`<span class="zone-toggle" data-zone-toggle hidden><button type="button" class="small" data-zone="local">Local time</button><button type="button" class="small" data-zone="utc">UTC</button></span>`;
}
