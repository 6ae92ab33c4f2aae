// One check: how to ping it, its status and schedule, its integrations, and its log.
import { pingEndpoint } from "../../config.js";
import type { MonitorDeps } from "../../deps.js";
import { alertAfter, computeStatus, graceStart } from "../../lib/status.js";
import { tagsList } from "../../lib/tags.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Channel, Check, MaintenanceWindow } from "../../store/schema.js";
import { emptyWindowDraft, type WindowDraft } from "../maintenance-input.js";
import { maintenanceCard } from "./maintenance-card.js";
import { canWrite } from "../access.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { alertingDraftOf, nameDraftOf, scheduleDraftOf, type AlertingDraft, type NameDraft, type ScheduleDraft } from "../check-input.js";
import type { UptimeReport } from "../../lib/uptime.js";
import { alertingForm, alertingSummary } from "./alerting-form.js";
import { uptimeCard } from "./uptime-card.js";
import { nameForm, scheduleForm } from "./check-forms.js";
import { filteringForm, filteringSummary } from "./filtering-form.js";
import { eventLog, zoneToggle, type LogEvent } from "./event-log.js";
import { formatDuration, timeTag } from "./format.js";
import { csrfField, layout } from "./layout.js";
import { statusPill } from "./status.js";
import { kindTitle } from "../../integrations/registry.js";
import { channelName } from "./channel-name.js";
import { kindIcon } from "./kind-icon.js";
import { snippetTabs, usageSnippets } from "./usage-snippets.js";

export interface DetailsView {
  access: ProjectAccess;
  check: Check;
  channels: Channel[];
  enabled: Set<number>;
  events: LogEvent[];
  preview: Html;
  now: number;
  /** Which editor to open on load, after a refused submission, with what was typed and why it was refused. */
  open?: "name" | "schedule" | "filtering" | "alerting" | "maintenance";
  uptime: UptimeReport;
  /** The project's other checks, and the UUIDs of those this one depends on. */
  others: Check[];
  dependsOn: Set<string>;
  /** The check's own maintenance windows and its project's. */
  windows: { own: MaintenanceWindow[]; project: MaintenanceWindow[] };
  windowDraft?: WindowDraft;
  nameDraft?: NameDraft;
  alertingDraft?: AlertingDraft;
  scheduleDraft?: ScheduleDraft;
  errors?: string[];
  status?: number;
}

function postButton(visitor: Visitor, action: string, label: string, cls: string, confirm?: string): Html {
  return html`<form method="post" action="${action}" class="inline"${confirm ? html` data-confirm="${confirm}"` : null}>${csrfField(visitor)}<button type="submit" class="${cls}">${label}</button></form>`;
}

function pingSection(deps: MonitorDeps, view: DetailsView): Html {
  const { check, access } = view;
  const url = pingEndpoint(deps.config) + check.uuid;
  const slugUrl = access.project.ping_key && check.slug ? `${pingEndpoint(deps.config)}${access.project.ping_key}/${check.slug}` : null;
  // Inbound e-mail is on when the SMTP listener runs: an e-mail to this address is a ping.
  const email = deps.config.smtpdPort > 0 ? `${check.uuid}@${deps.config.pingEmailDomain}` : null;
  return html`<section class="card">
  <h2>How to ping</h2>
  <p>Keep this check up by requesting its ping URL at the end of each run:</p>
  <div class="copyable"><code id="ping-url">${url}</code><button type="button" class="small" data-copy-target="#ping-url">Copy</button></div>
  ${slugUrl ? html`<p class="hint">Or by slug: <code>${slugUrl}</code></p>` : null}
  ${email ? html`<p class="hint">Or by e-mail, to</p><div class="copyable"><code id="ping-email">${email}</code><button type="button" class="small" data-copy-target="#ping-email">Copy</button></div>` : null}
  <p class="hint">Append <code>/start</code> when the job starts to measure its run time, <code>/fail</code> to report a failure, or an exit status such as <code>/1</code>.
  A request body${deps.config.pingBodyLimit > 0 ? ` (its first ${deps.config.pingBodyLimit} bytes)` : ""} is kept with the ping: send the job's output to see it in the log.</p>
  <details class="usage"><summary>Usage examples</summary>${snippetTabs("usage", usageSnippets(url))}</details>
</section>`;
}

function statusText(view: DetailsView): Html {
  const { check, now } = view;
  const status = computeStatus(check, now, true);
  const expected = graceStart(check);
  const deadline = alertAfter(check);
  const lines: Html[] = [html`<p>Last ping: ${timeTag(check.last_ping, now)}${check.n_pings ? html` <span class="muted">(${check.n_pings} pings in all)</span>` : null}</p>`];
  if (status === "paused") lines.push(html`<p>Monitoring is paused: no alerts are sent.${check.manual_resume ? " Pings are ignored until the check is resumed here." : " The next ping resumes it."}</p>`);
  else if (status === "new") lines.push(html`<p>Waiting for the first ping.</p>`);
  else if (expected !== null && deadline !== null) lines.push(html`<p>Next ping expected ${timeTag(expected, now)}; alert if none ${timeTag(deadline, now)}.</p>`);
  return html`<div class="status-line">${statusPill(status)}</div>${lines}`;
}

function scheduleSection(visitor: Visitor, view: DetailsView): Html {
  const { check } = view;
  const writable = canWrite(view.access);
  return html`<section class="card">
  <h2>Schedule</h2>
  <dl class="facts">
    <dt>${check.kind === "simple" ? "Period" : check.kind === "cron" ? "Cron" : "OnCalendar"}</dt><dd>${check.kind === "simple" ? formatDuration(check.timeout) : html`<code>${check.schedule}</code>`}</dd>
    ${check.kind !== "simple" ? html`<dt>Time zone</dt><dd>${check.tz}</dd>` : null}
    <dt>Grace time</dt><dd>${formatDuration(check.grace)}</dd>
  </dl>
  ${
    writable
      ? html`<details class="editor" ${when(view.open === "schedule", "open")}><summary class="button">Change schedule</summary>${scheduleForm(visitor, check, view.scheduleDraft ?? scheduleDraftOf(check), view.preview, view.open === "schedule" ? view.errors : undefined)}</details>`
      : check.kind !== "simple"
        ? html`<div class="preview">${view.preview}</div>`
        : null
  }
</section>`;
}

function integrationsSection(visitor: Visitor, view: DetailsView): Html {
  const { channels, enabled, check } = view;
  const writable = canWrite(view.access);
  const rows = channels.map((ch) => {
    const on = enabled.has(ch.id);
    const toggle = writable
      ? html`<form method="post" action="/checks/${check.uuid}/channels/${ch.uuid}/" class="inline">${csrfField(visitor)}<input type="hidden" name="enabled" value="${on ? "0" : "1"}">
          <button type="submit" class="switch ${on ? "on" : "off"}" role="switch" aria-checked="${on ? "true" : "false"}" title="${on ? "Turn off" : "Turn on"}"><span></span></button></form>`
      : html`<span class="pill ${on ? "up" : "paused"}">${on ? "On" : "Off"}</span>`;
    return html`<li>${toggle}${kindIcon(ch.kind)}<span class="kind">${kindTitle(ch.kind)}</span> <span class="channel-name">${channelName(ch)}</span></li>`;
  });
  const link = `/projects/${view.access.project.uuid}/integrations/`;
  return html`<section class="card">
  <h2>Notifications</h2>
  ${channels.length ? html`<ul class="toggles">${rows}</ul>` : html`<p class="muted">This project has no integrations. <a href="${link}">Add one</a> to get alerts.</p>`}
</section>`;
}

function filteringSection(visitor: Visitor, view: DetailsView): Html {
  const { check } = view;
  return html`<section class="card">
  <h2>Filtering rules</h2>
  ${filteringSummary(check).map((line) => html`<p class="small">${line}</p>`)}
  ${canWrite(view.access) ? html`<details class="editor" ${when(view.open === "filtering", "open")}><summary class="button">Change rules</summary>${filteringForm(visitor, check, view.open === "filtering" ? view.errors : undefined)}</details>` : null}
</section>`;
}

function dependencyLine(view: DetailsView): Html | null {
  const deps = view.others.filter((c) => view.dependsOn.has(c.uuid));
  if (deps.length === 0) return null;
  return html`<p class="small depends-on">Depends on ${deps.map((c, i) => html`${i ? ", " : ""}<a href="/checks/${c.uuid}/details/">${c.name || "unnamed"}</a>`)}: while one is down, this check's alerts are held back.</p>`;
}

function alertingSection(visitor: Visitor, view: DetailsView): Html {
  const { check } = view;
  const draft = view.alertingDraft ?? alertingDraftOf(check);
  return html`<section class="card alerting-card">
  <h2>Alerting rules</h2>
  ${alertingSummary(check).map((line) => html`<p class="small">${line}</p>`)}
  ${dependencyLine(view)}
  ${canWrite(view.access) ? html`<details class="editor" ${when(view.open === "alerting", "open")}><summary class="button">Change alerting rules</summary>${alertingForm(visitor, check, draft, view.open === "alerting" ? view.errors : undefined, view.others, view.dependsOn)}</details>` : null}
</section>`;
}

function maintenanceSection(visitor: Visitor, view: DetailsView): Html {
  const open = view.open === "maintenance";
  return maintenanceCard(visitor, {
    check: view.check,
    ...view.windows,
    now: view.now,
    writable: canWrite(view.access),
    draft: view.windowDraft ?? emptyWindowDraft(view.check.tz),
    errors: open ? view.errors : undefined,
    open,
  });
}

function actionsSection(visitor: Visitor, view: DetailsView): Html | null {
  if (!canWrite(view.access)) return null;
  const { check } = view;
  const paused = check.status === "paused";
  return html`<section class="card actions">
  <h2>Actions</h2>
  ${
    paused
      ? postButton(visitor, `/checks/${check.uuid}/resume/`, "Resume monitoring", "primary")
      : postButton(visitor, `/checks/${check.uuid}/pause/`, "Pause monitoring", "", "Pause this check? No alerts are sent while it is paused.")
  }
  ${postButton(visitor, `/checks/${check.uuid}/remove/`, "Remove check", "danger", "Remove this check and its ping history for good?")}
</section>`;
}

export function detailsPage(deps: MonitorDeps, visitor: Visitor, view: DetailsView): Html {
  const { check } = view;
  const title = check.name || "unnamed";
  return layout(
    deps,
    { title: `${title} – ${view.access.project.name}`, visitor, project: view.access, tab: "checks", },
    html`<div class="page-head details-head">
  <div>
    <h1>${check.name || html`<span class="muted">unnamed</span>`}</h1>
    <p class="tags-line">${tagsList(check.tags).map((t) => html`<span class="tag">${t}</span> `)}${check.slug ? html`<span class="muted small">slug <code>${check.slug}</code></span>` : null}</p>
    ${check.description ? html`<p class="description">${check.description}</p>` : null}
  </div>
  ${canWrite(view.access) ? html`<details class="editor name-editor" ${when(view.open === "name", "open")}><summary class="button">Edit name, tags…</summary>${nameForm(visitor, check, view.nameDraft ?? nameDraftOf(check), view.open === "name" ? view.errors : undefined)}</details>` : null}
</div>
<div class="columns">
  <div class="column">
    <section class="card"><h2>Status</h2>${statusText(view)}</section>
    ${pingSection(deps, view)}
    ${scheduleSection(visitor, view)}
  </div>
  <div class="column">
    ${integrationsSection(visitor, view)}
    ${uptimeCard(view.uptime)}
    ${filteringSection(visitor, view)}
    ${alertingSection(visitor, view)}
    ${maintenanceSection(visitor, view)}
    ${actionsSection(visitor, view)}
  </div>
</div>
<section class="card log-card"><div class="card-head"><h2>Log</h2>${zoneToggle()}<a class="button small" href="/checks/${check.uuid}/log/">Full log</a></div>${eventLog(check, view.events)}</section>`,
  );
}
