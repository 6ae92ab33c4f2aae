// The checks list's editor of a check's period and grace (or cron/OnCalendar schedule), in a
// dialog as upstream's: sliders over common durations with presets, or an expression with a
// live preview and a cheat sheet. One dialog serves every row; the page script fills it from
// the row's button. Without scripts the schedule cell links to the check's own editor.
import { CANONICAL_ZONES } from "../../lib/timezone-data.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField } from "./layout.js";

/** Slider stops, seconds: the durations people pick, from a minute to a year. */
export const DURATION_STOPS = [
  60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 7200, 10800, 14400, 21600, 28800, 43200, 64800, 86400, 172800, 259200, 345600, 432000, 518400,
  604800, 1209600, 1814400, 2592000, 5184000, 7776000, 15552000, 31536000,
];

const PRESETS: [number, string][] = [
  [300, "5 minutes"],
  [3600, "1 hour"],
  [86400, "1 day"],
  [604800, "1 week"],
];

function slider(name: string, label: string): Html {
  return html`<div class="slider-field">
    <label for="modal-${name}">${label} <output data-out="${name}"></output></label>
    <input type="range" id="modal-${name}" data-slider="${name}" min="0" max="${DURATION_STOPS.length - 1}" step="1">
    <input type="hidden" name="${name}_value"><input type="hidden" name="${name}_unit" value="1">
    <div class="presets">${PRESETS.map(([seconds, text]) => html`<button type="button" class="small" data-preset="${name}" data-seconds="${seconds}">${text}</button>`)}</div>
  </div>`;
}

const CRON_FIELDS: [string, string][] = [
  ["minute", "0-59"],
  ["hour", "0-23"],
  ["day of month", "1-31"],
  ["month", "1-12 or jan-dec"],
  ["day of week", "0-7 or sun-sat (0 and 7: Sunday)"],
];

const EXAMPLES: [string, string][] = [
  ["*/5 * * * *", "every 5 minutes"],
  ["0 * * * *", "at the start of every hour"],
  ["30 2 * * *", "every day at 02:30"],
  ["0 9 * * 1-5", "weekdays at 09:00"],
  ["0 0 1 * *", "on the first of each month at midnight"],
  ["Mon..Fri 09:00", "OnCalendar: weekdays at 09:00"],
  ["*-*-01 00:00", "OnCalendar: the first of each month"],
  ["hourly", "OnCalendar: at the start of every hour"],
];

function cheatSheet(): Html {
  return html`<details class="cheatsheet"><summary>Cheat sheet</summary>
    <p class="small">A cron expression has five fields, separated by spaces:</p>
    <table class="table compact">${CRON_FIELDS.map(([field, values]) => html`<tr><th>${field}</th><td>${values}</td></tr>`)}</table>
    <p class="small"><code>*</code> any value, <code>,</code> a list (<code>1,15</code>), <code>-</code> a range (<code>1-5</code>), <code>/</code> steps (<code>*/10</code>).
    OnCalendar expressions are systemd's: <code>DayOfWeek Year-Month-Day Hour:Minute</code>, with <code>..</code> for ranges; one per line.</p>
    <table class="table compact">${EXAMPLES.map(([expr, text]) => html`<tr><td><code>${expr}</code></td><td>${text}</td></tr>`)}</table>
  </details>`;
}

export function scheduleModal(visitor: Visitor): Html {
  return html`<dialog class="modal" id="schedule-dialog" aria-labelledby="schedule-dialog-title" data-stops="${JSON.stringify(DURATION_STOPS)}">
  <form method="post" class="modal-form" data-kind="simple" data-preview-url="/checks/schedule_preview/">
    ${csrfField(visitor)}<input type="hidden" name="next" value="list"><input type="hidden" name="kind" value="simple">
    <header><h2 id="schedule-dialog-title">Period and grace time</h2><p class="muted small" data-modal-name></p></header>
    <nav class="segmented kind-tabs" aria-label="Schedule type">
      <button type="button" data-kind-tab="simple">Simple</button><button type="button" data-kind-tab="cron">Cron</button><button type="button" data-kind-tab="oncalendar">OnCalendar</button>
    </nav>
    <div class="when-simple">${slider("timeout", "Period")}<p class="hint">How often the check is expected to ping.</p></div>
    <div class="when-cron">
      <label>Expression <textarea name="schedule" rows="2" spellcheck="false" class="mono"></textarea></label>
      <label>Time zone <input name="tz" list="modal-timezones" autocomplete="off" spellcheck="false"></label>
      <datalist id="modal-timezones">${CANONICAL_ZONES.map((z) => html`<option value="${z}">`)}</datalist>
      <div class="preview" aria-live="polite"></div>
      ${cheatSheet()}
    </div>
    ${slider("grace", "Grace time")}<p class="hint">How long to wait after a missed ping before alerting.</p>
    <footer class="form-actions"><button type="button" data-close-dialog>Cancel</button><button type="submit" class="primary">Save</button></footer>
  </form>
</dialog>`;
}
