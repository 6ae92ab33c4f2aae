// A check's log: pings and status changes, newest first.
import { pingDuration } from "../../present/ping.js";
import type { Flip, Ping } from "../../store/schema.js";
import { html, type Html } from "../html.js";
import { formatDuration, utcTime } from "./format.js";

export type LogEvent = { kind: "ping"; at: number; ping: Ping; duration: number | undefined } | { kind: "flip"; at: number; flip: Flip };

const PING_LABELS: Record<string, [string, string]> = {
  success: ["Success", "up"],
  start: ["Started", "started"],
  fail: ["Failure", "down"],
  log: ["Log", "new"],
  ign: ["Ignored", "paused"],
};

const BODY_PREVIEW = 300;
const utf8 = new TextDecoder("utf-8");

/** Pings and flips interleaved by time; durations paired as the API pairs them. */
export function buildLog(pings: Ping[], flips: Flip[], complete: boolean): LogEvent[] {
  const events: LogEvent[] = pings.map((ping, i) => ({ kind: "ping", at: ping.created, ping, duration: pingDuration(ping, pings.slice(i + 1), complete) ?? undefined }));
  // Flips older than the oldest ping shown would make the log look complete when it is not.
  const horizon = complete || pings.length === 0 ? -Infinity : pings[pings.length - 1].created;
  for (const flip of flips) if (flip.created >= horizon) events.push({ kind: "flip", at: flip.created, flip });
  return events.sort((a, b) => b.at - a.at);
}

function pingRow(event: Extract<LogEvent, { kind: "ping" }>): Html {
  const { ping } = event;
  const [label, cls] = PING_LABELS[ping.kind ?? "success"] ?? ["Ping", "new"];
  const exit = ping.exitstatus !== null ? html` <span class="muted">exit status ${ping.exitstatus}</span>` : null;
  const body = ping.body ? utf8.decode(ping.body.subarray(0, BODY_PREVIEW)) : "";
  return html`<tr class="event ping">
    <td class="when">${utcTime(ping.created)}</td>
    <td><span class="pill ${cls}">${label}</span></td>
    <td>
      <span class="muted">#${ping.n}</span> ${ping.scheme.toUpperCase()} ${ping.method} from ${ping.remote_addr ?? "unknown address"}${exit}
      ${event.duration !== undefined ? html` <span class="muted">· took ${formatDuration(event.duration / 1000)}</span>` : null}
      ${ping.ua ? html`<div class="muted small clip">${ping.ua}</div>` : null}
      ${body ? html`<pre class="body">${body}${ping.body && ping.body.length > BODY_PREVIEW ? "…" : ""}</pre>` : null}
    </td>
  </tr>`;
}

function flipRow(flip: Flip): Html {
  const reason = flip.reason ? ` (${flip.reason.replaceAll("_", " ")})` : "";
  return html`<tr class="event flip ${flip.new_status}">
    <td class="when">${utcTime(flip.created)}</td>
    <td><span class="pill ${flip.new_status}">Status</span></td>
    <td>Changed from <strong>${flip.old_status}</strong> to <strong>${flip.new_status}</strong>${reason}</td>
  </tr>`;
}

export function eventLog(events: LogEvent[]): Html {
  if (events.length === 0) return html`<p class="empty">No pings yet. Send one to the ping URL above and it shows up here.</p>`;
  return html`<table class="table log"><tbody>${events.map((e) => (e.kind === "ping" ? pingRow(e) : flipRow(e.flip)))}</tbody></table>`;
}
