// A check's full log: every event it keeps, filtered by kind and by a time window (UTC).
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Check } from "../../store/schema.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { eventLog, LOG_KINDS, zoneToggle, type LogEvent } from "./event-log.js";
import { layout } from "./layout.js";

export interface LogPageView {
  access: ProjectAccess;
  check: Check;
  events: LogEvent[];
  kinds: Set<string> | null;
  /** The window's ends as typed (datetime-local values, UTC). */
  from: string;
  to: string;
  limit: number;
  error?: string;
}

const RANGES: [string, number][] = [
  ["Last hour", 3600],
  ["Last day", 86400],
  ["Last week", 7 * 86400],
];

/** datetime-local's format, in UTC. */
export const localInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

export function logPage(deps: MonitorDeps, visitor: Visitor, view: LogPageView, now: number): Html {
  const { check } = view;
  const base = `/checks/${check.uuid}/log/`;
  const quick = RANGES.map(([label, seconds]) => html`<a href="${base}?from=${localInput(now - seconds * 1000)}">${label}</a>`);
  const filtered = view.kinds !== null || view.from !== "" || view.to !== "";
  return layout(
    deps,
    { title: `Log – ${check.name || "unnamed"}`, visitor, project: view.access, tab: "checks" },
    html`<nav class="crumbs small"><a href="/checks/${check.uuid}/details/">${check.name || "unnamed"}</a> › Log</nav>
<div class="page-head"><h1>Log</h1>${zoneToggle()}</div>
<form method="get" action="${base}" class="card log-filter">
  <input type="hidden" name="filtered" value="1">
  <fieldset class="kinds"><legend>Show</legend>
    ${LOG_KINDS.map(([kind, label]) => html`<label class="check"><input type="checkbox" name="kind" value="${kind}" ${when(view.kinds === null || view.kinds.has(kind), "checked")}> ${label}</label>`)}
  </fieldset>
  <div class="row-form">
    <label>From (UTC) <input type="datetime-local" name="from" value="${view.from}"></label>
    <label>To (UTC) <input type="datetime-local" name="to" value="${view.to}"></label>
    <button type="submit" class="primary">Apply</button>
    ${filtered ? html`<a href="${base}">Show everything</a>` : null}
  </div>
  <p class="hint">Quick ranges: ${quick.map((a, i) => html`${i ? " · " : ""}${a}`)}</p>
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
</form>
<section class="card">
  ${eventLog(check, view.events, filtered ? "No events match these filters." : "No events yet.")}
  ${view.events.length === view.limit ? html`<p class="hint">Showing the latest ${view.limit} events; narrow the window to see older ones.</p>` : null}
</section>`,
  );
}
