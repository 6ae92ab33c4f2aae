// A check's alerting rules: Beacon's extensions to Healthchecks' check (docs/monitor-extensions.md),
// alert after N consecutive failures, a run's minimum and maximum duration, and a pattern
// that makes a success ping with a matching body a failure.
import type { Check } from "../../store/schema.js";
import type { AlertingDraft } from "../check-input.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { formErrors } from "./check-forms.js";
import { formatDuration } from "./format.js";
import { csrfField } from "./layout.js";

const seconds = (n: number) => (n < 60 ? `${n} second${n === 1 ? "" : "s"}` : formatDuration(n) + (n % 60 ? ` ${n % 60} s` : ""));

/** What the rules do now, in sentences for the card. */
export function alertingSummary(check: Check): string[] {
  const lines = [check.fail_threshold > 1 ? `Down after ${check.fail_threshold} consecutive failures (failure signals or missed runs).` : "Down at the first failure or missed run."];
  if (check.min_duration > 0) lines.push(`A run shorter than ${seconds(check.min_duration)} is a failure (ran too fast).`);
  if (check.max_duration > 0) lines.push(`A run still going after ${seconds(check.max_duration)} takes the check down.`);
  if (check.body_regex) lines.push(`A success ping whose body matches /${check.body_regex}/ is a failure.`);
  return lines;
}

export function alertingForm(visitor: Visitor, check: Check, draft: AlertingDraft, errors: string[] | undefined, others: Check[], dependsOn: Set<string>): Html {
  return html`<form method="post" action="/checks/${check.uuid}/alerting/" class="stacked alerting-form">
    ${csrfField(visitor)}
    ${formErrors(errors)}
    <label>Consecutive failures before alerting <input type="number" name="fail_threshold" value="${draft.fail_threshold}" min="1" max="100" step="1"></label>
    <p class="hint">1 alerts at the first failure. Failure signals and missed runs both count; a success starts the count again.</p>
    <label>Minimum run time, seconds <input type="number" name="min_duration" value="${draft.min_duration}" min="0" step="1"></label>
    <p class="hint">A run (from <code>/start</code> to its success) shorter than this is a failure. 0 is off.</p>
    <label>Maximum run time, seconds <input type="number" name="max_duration" value="${draft.max_duration}" min="0" step="1"></label>
    <p class="hint">A run still going this long after its start alerts, even before the check is late. 0 is off.</p>
    <label>Alert when a success ping's body matches <input name="body_regex" value="${draft.body_regex}" maxlength="200" placeholder="e.g. ERROR|FATAL" autocomplete="off" spellcheck="false"></label>
    <p class="hint">A regular expression, searched line by line in the body's first 8 KB. Empty is off.</p>
    ${
      others.length > 0
        ? html`<fieldset class="depends-on"><legend>Depends on</legend>
      ${others.map((c) => html`<label class="check"><input type="checkbox" name="depends_on" value="${c.uuid}" ${when(dependsOn.has(c.uuid), "checked")}> ${c.name || "unnamed"}</label>`)}
      <p class="hint">While a check ticked here is down, this check's down alerts are held back.</p>
    </fieldset>`
        : null
    }
    <button type="submit" class="primary">Save alerting rules</button>
  </form>`;
}
