// The details page's maintenance card (docs/monitor-extensions.md): whether the check is in
// maintenance now, its windows and its project's, and forms to add and remove them.
import { maintenanceAt, nextOpening, windowLabel } from "../../lib/maintenance.js";
import { CANONICAL_ZONES } from "../../lib/timezone-data.js";
import type { Check, MaintenanceWindow } from "../../store/schema.js";
import type { WindowDraft } from "../maintenance-input.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { formErrors } from "./check-forms.js";
import { formatDuration, instant } from "./format.js";
import { csrfField } from "./layout.js";

export interface MaintenanceView {
  check: Check;
  /** The check's own windows, then those of its whole project. */
  own: MaintenanceWindow[];
  project: MaintenanceWindow[];
  now: number;
  writable: boolean;
  draft: WindowDraft;
  errors?: string[];
  open: boolean;
}

function windowTimes(window: MaintenanceWindow, now: number): Html {
  if (window.schedule === "") return html`from ${instant(window.starts!)} to ${instant(window.ends!)}`;
  const next = nextOpening(window, now);
  return html`at each run of <code>${window.schedule}</code> (${window.tz}), for ${formatDuration(window.duration)}${next === null ? null : html`; next from ${instant(next)}`}`;
}

function windowItem(visitor: Visitor, view: MaintenanceView, window: MaintenanceWindow, wide: boolean): Html {
  const remove = html`<form method="post" action="/checks/${view.check.uuid}/maintenance/${window.uuid}/remove/" class="inline" data-confirm="Remove this maintenance window?">${csrfField(visitor)}<button type="submit" class="small">Remove</button></form>`;
  return html`<li class="window" data-window="${window.uuid}">
    <div><strong>${window.name || (window.schedule === "" ? "One-off window" : "Recurring window")}</strong>${wide ? html` <span class="tag">whole project</span>` : null}
    <div class="small muted">${windowTimes(window, view.now)}</div></div>
    ${view.writable ? remove : null}
  </li>`;
}

function addForm(visitor: Visitor, view: MaintenanceView): Html {
  const d = view.draft;
  return html`<form method="post" action="/checks/${view.check.uuid}/maintenance/" class="stacked maintenance-form">
    ${csrfField(visitor)}
    ${formErrors(view.errors)}
    <label>Name <input name="name" value="${d.name}" maxlength="100" placeholder="e.g. Database upgrade" autocomplete="off"></label>
    <fieldset class="choice"><legend>Window</legend>
      <label class="check"><input type="radio" name="repeat" value="once" ${when(d.repeat === "once", "checked")}> Once</label>
      <label class="check"><input type="radio" name="repeat" value="recurring" ${when(d.repeat === "recurring", "checked")}> Recurring</label>
    </fieldset>
    <div class="once-fields">
      <label>Start <input type="datetime-local" name="start" value="${d.start}"></label>
      <label>End <input type="datetime-local" name="end" value="${d.end}"></label>
    </div>
    <div class="recurring-fields">
      <label>Opens at each run of <input name="schedule" value="${d.schedule}" placeholder="0 2 * * 0" autocomplete="off" spellcheck="false"></label>
      <p class="hint">A cron expression (five fields) or an OnCalendar one, as for a check's schedule.</p>
      <label>Length, minutes <input type="number" name="minutes" value="${d.minutes}" min="1" step="1"></label>
    </div>
    <label>Time zone <input name="tz" value="${d.tz}" list="maintenance-timezones" autocomplete="off" spellcheck="false"></label>
    <datalist id="maintenance-timezones">${CANONICAL_ZONES.map((z) => html`<option value="${z}">`)}</datalist>
    <label class="check"><input type="checkbox" name="project" value="1" ${when(d.project, "checked")}> For every check of this project</label>
    <button type="submit" class="primary">Add window</button>
  </form>`;
}

export function maintenanceCard(visitor: Visitor, view: MaintenanceView): Html {
  const covering = maintenanceAt([...view.own, ...view.project], view.now);
  const items = [...view.own.map((w) => windowItem(visitor, view, w, false)), ...view.project.map((w) => windowItem(visitor, view, w, true))];
  return html`<section class="card maintenance-card">
  <h2>Maintenance</h2>
  ${
    covering
      ? html`<p class="maintenance-now"><span class="pill maintenance">In maintenance</span> until ${instant(covering.until)} (${windowLabel(covering.window)}): down alerts are held and sent after the window if the check is still down.</p>`
      : html`<p class="small">Down alerts that fall inside a window are held, and sent once it ends if the check is still down.</p>`
  }
  ${items.length > 0 ? html`<ul class="windows">${items}</ul>` : html`<p class="muted small">No maintenance windows.</p>`}
  ${view.writable ? html`<details class="editor" ${when(view.open, "open")}><summary class="button">Add a window</summary>${addForm(visitor, view)}</details>` : null}
</section>`;
}
