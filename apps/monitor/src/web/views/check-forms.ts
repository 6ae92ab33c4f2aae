// The check editing forms (name and tags; schedule) and the schedule preview fragment. Each
// form shows the values it is given: the check's, or the ones just typed when it was refused.
import { CANONICAL_ZONES } from "../../lib/timezone-data.js";
import type { Check } from "../../store/schema.js";
import { PERIOD_UNITS, type DurationDraft, type NameDraft, type PreviewResult, type ScheduleDraft } from "../check-input.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { zonedTime } from "./format.js";
import { csrfField } from "./layout.js";

/** Every error of a refused form, above its fields. */
export function formErrors(errors: string[] | undefined): Html | null {
  if (!errors || errors.length === 0) return null;
  return html`<div class="flash error" role="alert">${errors.length === 1 ? errors[0] : html`<ul class="errors">${errors.map((e) => html`<li>${e}</li>`)}</ul>`}</div>`;
}

function durationInput(name: string, label: string, draft: DurationDraft): Html {
  return html`<label>${label}
    <span class="duration"><input type="number" name="${name}_value" value="${draft.value}" min="1" required aria-label="${label}">
    <select name="${name}_unit" aria-label="${label} unit">${PERIOD_UNITS.map(([size, text]) => html`<option value="${size}" ${when(String(size) === draft.unit, "selected")}>${text}</option>`)}</select></span>
  </label>`;
}

export function nameForm(visitor: Visitor, check: Check, draft: NameDraft, errors?: string[]): Html {
  return html`<form method="post" action="/checks/${check.uuid}/name/" class="stacked">
    ${csrfField(visitor)}
    ${formErrors(errors)}
    <label>Name <input name="name" value="${draft.name}" maxlength="100"></label>
    <label>Slug <input name="slug" value="${draft.slug}" maxlength="100" pattern="[a-z0-9_\\-]*">
      <small class="muted">Lowercase letters, digits, hyphens and underscores; used in ping URLs by slug.</small></label>
    <label>Tags <input name="tags" value="${draft.tags}" placeholder="prod www backups">
      <small class="muted">Separated by spaces.</small></label>
    <label>Description <textarea name="desc" rows="3">${draft.desc}</textarea></label>
    <button type="submit" class="primary">Save</button>
  </form>`;
}

const KINDS: [Check["kind"], string][] = [
  ["simple", "Simple (period)"],
  ["cron", "Cron expression"],
  ["oncalendar", "OnCalendar expression"],
];

export function scheduleForm(visitor: Visitor, check: Check, draft: ScheduleDraft, preview: Html, errors?: string[]): Html {
  return html`<form method="post" action="/checks/${check.uuid}/schedule/" class="stacked schedule-form" data-preview-url="/checks/schedule_preview/">
    ${csrfField(visitor)}
    ${formErrors(errors)}
    <fieldset class="kinds"><legend>Schedule type</legend>
      ${KINDS.map(([kind, label]) => html`<label class="radio"><input type="radio" name="kind" value="${kind}" ${when(draft.kind === kind, "checked")}> ${label}</label>`)}
    </fieldset>
    <div class="when-simple">${durationInput("timeout", "Period", draft.timeout)}
      <small class="muted">The expected time between pings.</small></div>
    <div class="when-cron">
      <label>Expression <textarea name="schedule" rows="2" spellcheck="false" class="mono">${draft.schedule}</textarea>
        <small class="muted">Cron: five fields, e.g. <code>*/15 9-17 * * 1-5</code>. OnCalendar: e.g. <code>Mon..Fri 09:00</code>, one per line.</small></label>
      <label>Time zone <input name="tz" value="${draft.tz}" list="timezones" autocomplete="off" spellcheck="false"></label>
      <datalist id="timezones">${CANONICAL_ZONES.map((z) => html`<option value="${z}">`)}</datalist>
      <div class="preview" aria-live="polite">${preview}</div>
    </div>
    ${durationInput("grace", "Grace time", draft.grace)}
    <small class="muted">How long to wait after a missed ping before alerting.</small>
    <button type="submit" class="primary">Save schedule</button>
  </form>`;
}

export function schedulePreview(result: PreviewResult): Html {
  if ("hint" in result) return html`<p class="preview-hint muted small">${result.hint}</p>`;
  if ("error" in result) return html`<p class="preview-error">${result.error}</p>`;
  if (result.ok.length === 0) return html`<p class="preview-error">This schedule never runs again.</p>`;
  return html`<div class="preview-runs"><div class="muted small">Next runs:</div><ol>${result.ok.map((d) => html`<li><time datetime="${d.toISOString()}" data-zoned>${zonedTime(d.getTime(), result.tz)}</time></li>`)}</ol></div>`;
}
