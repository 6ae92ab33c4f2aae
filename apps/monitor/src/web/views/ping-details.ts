// One ping: everything stored about it, its body in full (up to a size; larger ones download).
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Check, Ping } from "../../store/schema.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { formatDuration, instant, utf8Prefix } from "./format.js";
import { layout } from "./layout.js";

/** Bodies up to this size are shown on the page; every body can be downloaded. */
export const BODY_SHOWN = 10_000;

const TYPES: Record<string, [string, string]> = {
  success: ["Success", "up"],
  start: ["Started", "started"],
  fail: ["Failure", "down"],
  log: ["Log", "new"],
  ign: ["Ignored", "paused"],
};

export interface PingView {
  access: ProjectAccess;
  check: Check;
  ping: Ping;
  duration: number | undefined;
  /** The ping numbers before and after this one that are still kept, for paging. */
  previous: number | null;
  next: number | null;
}

const utf8 = new TextDecoder("utf-8");

function bodySection(view: PingView): Html {
  const { ping, check } = view;
  if (!ping.body || ping.body.length === 0) return html`<p class="muted">The ping had no body.</p>`;
  const shown = utf8Prefix(ping.body, BODY_SHOWN);
  const download = `/checks/${check.uuid}/pings/${ping.n}/body/`;
  return html`<div class="body-head"><h2>Body</h2><span class="muted small">${ping.body.length} bytes</span><a class="button small" href="${download}">Download</a></div>
    ${shown.length < ping.body.length ? html`<p class="hint">Showing the first ${shown.length} bytes; download the body to see all of it.</p>` : null}
    <pre class="body full">${utf8.decode(shown)}</pre>`;
}

export function pingDetailsPage(deps: MonitorDeps, visitor: Visitor, view: PingView): Html {
  const { ping, check } = view;
  const [label, cls] = TYPES[ping.kind ?? "success"] ?? ["Ping", "new"];
  const base = `/checks/${check.uuid}/`;
  const facts: [string, Html | string | null][] = [
    ["Received", instant(ping.created)],
    ["Type", html`<span class="pill ${cls}">${label}</span>`],
    ["Protocol", ping.scheme],
    ["Method", ping.method],
    ["Client IP", ping.remote_addr ?? "unknown"],
    ["User agent", ping.ua ? html`<code>${ping.ua}</code>` : html`<span class="muted">none</span>`],
    ["Exit status", ping.exitstatus === null ? null : String(ping.exitstatus)],
    ["Run ID", ping.rid ? html`<code>${ping.rid}</code>` : null],
    ["Run time", view.duration === undefined ? null : formatDuration(view.duration / 1000)],
  ];
  return layout(
    deps,
    { title: `Ping #${ping.n} – ${check.name || "unnamed"}`, visitor, project: view.access, tab: "checks" },
    html`<nav class="crumbs small"><a href="${base}details/">${check.name || "unnamed"}</a> › <a href="${base}log/">Log</a> › Ping #${ping.n}</nav>
<div class="page-head"><h1>Ping #${ping.n}</h1>
  <nav class="pager">${view.previous !== null ? html`<a class="button small" href="${base}pings/${view.previous}/">← #${view.previous}</a>` : null}${view.next !== null ? html`<a class="button small" href="${base}pings/${view.next}/">#${view.next} →</a>` : null}</nav></div>
<section class="card">
  <dl class="facts">${facts.filter(([, v]) => v !== null).map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>
</section>
<section class="card">${bodySection(view)}</section>`,
  );
}
