// A project's checks: status, name, tags, schedule and last ping, with a tag filter.
import type { MonitorDeps } from "../../deps.js";
import type { ComputedStatus } from "../../lib/status.js";
import { tagsList } from "../../lib/tags.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { channelLabel } from "../../integrations/registry.js";
import type { Channel, Check, ChecksSort } from "../../store/schema.js";
import { canWrite } from "../access.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { formatDuration, timeTag, utcTime } from "./format.js";
import { kindIcon } from "./kind-icon.js";
import { csrfField, layout } from "./layout.js";
import { scheduleModal } from "./schedule-modal.js";
import { statusDot, STATUS_LABELS } from "./status.js";

export interface CheckRow {
  check: Check;
  status: ComputedStatus;
}

export interface ChecksView {
  access: ProjectAccess;
  sort: ChecksSort;
  rows: CheckRow[];
  /** Every tag of the project with the worst status among its checks. */
  tags: [string, ComputedStatus][];
  selected: string[];
  now: number;
  /** The project's integrations, and which of them each check notifies (by check id). */
  channels: Channel[];
  assigned: Map<number, Set<number>>;
  /** Checks in a maintenance window now, with when it ends. */
  maintenance: Map<number, number>;
}

/** Past this many integrations a row says "3 of 12" instead of showing every icon, as upstream. */
const MAX_ICONS = 10;

export const SEVERITY: ComputedStatus[] = ["down", "grace", "started", "up", "new", "paused"];

export function worstStatus(statuses: ComputedStatus[]): ComputedStatus {
  return SEVERITY.find((s) => statuses.includes(s)) ?? "new";
}

export function scheduleText(check: Check): Html {
  if (check.kind === "simple") return html`<span title="Period">${formatDuration(check.timeout)}</span>`;
  return html`<code class="schedule" title="${check.kind === "cron" ? "Cron expression" : "OnCalendar expression"}">${check.schedule}</code>${check.tz !== "UTC" ? html` <span class="muted small">${check.tz}</span>` : null}`;
}

function tagHref(base: string, selected: string[], tag: string): string {
  const next = selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag];
  const query = new URLSearchParams(next.map((t): [string, string] => ["tag", t])).toString();
  return query ? `${base}?${query}` : base;
}

function tagBar(view: ChecksView, base: string): Html | null {
  if (view.tags.length === 0) return null;
  return html`<nav class="tag-filter" aria-label="Filter by tag">
    <span class="muted small">Filter by tag:</span>
    ${view.tags.map(([tag, status]) => html`<a class="tag ${status}${view.selected.includes(tag) ? " selected" : ""}" href="${tagHref(base, view.selected, tag)}" title="${STATUS_LABELS[status]}">${tag}</a>`)}
    ${view.selected.length > 0 ? html`<a class="small" href="${base}">Show all</a>` : null}
  </nav>`;
}

/**
 * One icon per integration of the project, dimmed where the check does not notify it. With
 * write access each is a switch (beacon.js posts it); the check's page has the same switches.
 */
function integrationIcons(view: ChecksView, check: Check): Html {
  const on = view.assigned.get(check.id) ?? new Set<number>();
  if (view.channels.length > MAX_ICONS) return html`<span class="muted small">${on.size} of ${view.channels.length}</span>`;
  const writable = canWrite(view.access);
  return html`<span class="integration-icons">${view.channels.map((ch) => {
    const enabled = on.has(ch.id);
    const label = channelLabel(ch);
    const title = `${label}: ${enabled ? "on" : "off"}`;
    return writable
      ? html`<button type="button" class="ic${enabled ? "" : " off"}" title="${title}" aria-label="${label}" aria-pressed="${enabled ? "true" : "false"}" data-label="${label}" data-toggle-url="/checks/${check.uuid}/channels/${ch.uuid}/">${kindIcon(ch.kind)}</button>`
      : html`<span class="ic${enabled ? "" : " off"}" title="${title}">${kindIcon(ch.kind)}</span>`;
  })}</span>`;
}

/**
 * The schedule and grace; with write access, a button that opens the period/grace dialog
 * (a link to the check's own editor until the page script takes it over).
 */
function scheduleCell(view: ChecksView, check: Check): Html {
  const text = html`${scheduleText(check)}<div class="muted small">grace ${formatDuration(check.grace)}</div>`;
  if (!canWrite(view.access)) return text;
  return html`<a class="edit-schedule" href="/checks/${check.uuid}/details/?edit=schedule" title="Change the period and grace time" data-edit-schedule="/checks/${check.uuid}/schedule/"
    data-name="${check.name || "unnamed"}" data-kind="${check.kind}" data-timeout="${check.timeout}" data-grace="${check.grace}" data-schedule="${check.kind === "simple" ? "" : check.schedule}" data-tz="${check.tz}">${text}</a>`;
}

/** The marker's tooltip; the list's status feed sends it too, so the page script can redraw the marker. */
export const maintenanceTitle = (until: number): string => `In maintenance until ${utcTime(until)}: down alerts are held until then`;

function maintenanceMarker(view: ChecksView, check: Check): Html | null {
  const until = view.maintenance.get(check.id);
  if (until === undefined) return null;
  return html`<span class="pill maintenance maintenance-marker" title="${maintenanceTitle(until)}">maintenance</span>`;
}

function checkRow(view: ChecksView, row: CheckRow): Html {
  const { check } = row;
  const now = view.now;
  const details = `/checks/${check.uuid}/details/`;
  return html`<tr data-uuid="${check.uuid}" data-search="${`${check.name} ${check.slug} ${check.tags}`.toLowerCase()}">
    <td class="status-cell">${statusDot(row.status)}</td>
    <td class="name-cell"><a href="${details}">${check.name || html`<span class="muted">unnamed</span>`}</a>${maintenanceMarker(view, check)}
      ${check.description ? html`<div class="muted small desc">${check.description}</div>` : null}</td>
    <td class="tags-cell">${tagsList(check.tags).map((t) => html`<span class="tag">${t}</span> `)}</td>
    <td class="integrations-cell">${integrationIcons(view, check)}</td>
    <td class="schedule-cell">${scheduleCell(view, check)}</td>
    <td class="last-ping">${timeTag(check.last_ping, now)}${lastDuration(check)}</td>
    <td class="right details-cell"><a class="button small" href="${details}">Details</a></td>
  </tr>`;
}

// compat: as upstream's clamped_last_duration, a run of 72 hours or more is not shown.
const MAX_SHOWN_DURATION_MS = 72 * 3600 * 1000;

const TIMER = html`<svg class="timer" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true"><circle cx="8" cy="9" r="5.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M8 9V6.2M6.3 1.8h3.4" stroke="currentColor" stroke-width="1.6" fill="none" stroke-linecap="round"/></svg>`;

/** How long the last run took (a /start ping paired with the ping that ended it). */
function lastDuration(check: Check): Html | null {
  if (check.last_duration === null || check.last_duration >= MAX_SHOWN_DURATION_MS) return null;
  return html`<div class="muted small last-duration" title="Duration of the last run">${TIMER} ${formatDuration(check.last_duration / 1000)}</div>`;
}

const LEGEND: [ComputedStatus, string][] = [
  ["new", "New: no ping yet"],
  ["up", "Up"],
  ["started", "Running: started, not finished"],
  ["grace", "Late: in its grace time"],
  ["down", "Down: alerts sent"],
  ["paused", "Paused"],
];

function legend(): Html {
  return html`<ul class="legend" aria-label="Status legend">${LEGEND.map(([status, text]) => html`<li>${statusDot(status)} ${text}</li>`)}</ul>`;
}

function addForm(visitor: Visitor, view: ChecksView): Html | null {
  if (!canWrite(view.access)) return null;
  return html`<form method="post" action="/projects/${view.access.project.uuid}/checks/add/" class="row-form add-check">
    ${csrfField(visitor)}
    <input name="name" maxlength="100" placeholder="Name of the new check" aria-label="Name of the new check">
    <button type="submit" class="primary">Add check</button>
  </form>`;
}

const SORTS: [ChecksSort, string][] = [
  ["created", "Created"],
  ["name", "Name"],
  ["status", "Status"],
  ["last_ping", "Last ping"],
];

/** The list's order; the choice is remembered for the account. */
function sortBar(view: ChecksView, base: string): Html {
  const href = (sort: ChecksSort) => `${base}?${new URLSearchParams([...view.selected.map((t): [string, string] => ["tag", t]), ["sort", sort]]).toString()}`;
  return html`<nav class="segmented sort-bar" aria-label="Sort checks by"><span class="muted small">Sort</span>${SORTS.map(
    ([sort, label]) => html`<a href="${href(sort)}" class="${view.sort === sort ? "active" : ""}" aria-current="${view.sort === sort ? "true" : "false"}">${label}</a>`,
  )}</nav>`;
}

export function checksPage(deps: MonitorDeps, visitor: Visitor, view: ChecksView): Html {
  const base = `/projects/${view.access.project.uuid}/checks/`;
  const table = view.rows.length
    ? html`<table class="table checks" data-status-url="${base}status/">
      <thead><tr><th class="status-cell"></th><th>Name</th><th class="tags-cell">Tags</th><th class="integrations-cell">Integrations</th><th>Schedule</th><th>Last ping</th><th class="details-cell"></th></tr></thead>
      <tbody>${view.rows.map((r) => checkRow(view, r))}</tbody>
    </table>
    <p class="empty no-match" hidden>No checks match your search.</p>`
    : html`<div class="empty">${view.selected.length ? "No check has all the selected tags." : "This project has no checks yet. Add one above, or create them through the API."}</div>`;
  return layout(
    deps,
    { title: `Checks – ${view.access.project.name}`, visitor, project: view.access, tab: "checks" },
    html`<div class="page-head"><h1>Checks</h1>${addForm(visitor, view)}</div>
<div class="toolbar">${tagBar(view, base)}${view.rows.length > 1 ? sortBar(view, base) : null}<input type="search" class="filter-box" placeholder="Search checks…" aria-label="Search checks" data-filter-rows="table.checks tbody tr"></div>
<div class="card flush">${table}</div>
${view.rows.length ? legend() : null}
${canWrite(view.access) && view.rows.length ? scheduleModal(visitor) : null}`,
  );
}
