// A check's filtering rules, as upstream's "Filtering Rules" dialog: which HTTP methods ping,
// keywords in an e-mail's subject or body or an HTTP request body that mark a start, a success
// or a failure, what a ping matching no keyword means, and manual resume after a pause.
import type { Check } from "../../store/schema.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { formErrors } from "./check-forms.js";
import { csrfField } from "./layout.js";

/** A sentence for the card: what the rules do now. */
export function filteringSummary(check: Check): string[] {
  const lines = [check.methods === "POST" ? "Only POST requests ping; other methods are logged and ignored." : "HEAD, GET, POST and PUT requests ping."];
  const sources = [check.filter_subject && "e-mail subjects", check.filter_body && "e-mail bodies", check.filter_http_body && "HTTP request bodies"].filter(Boolean);
  if (sources.length > 0) {
    const kws = [check.start_kw && `start: ${check.start_kw}`, check.success_kw && `success: ${check.success_kw}`, check.failure_kw && `failure: ${check.failure_kw}`].filter(Boolean);
    lines.push(`Keywords are looked for in ${sources.join(", ")}${kws.length ? ` (${kws.join("; ")})` : ""}; no match means ${check.filter_default_fail ? "a failure" : "the ping is ignored"}.`);
  }
  if (check.manual_resume) lines.push("Pings are ignored while the check is paused: resume it here.");
  return lines;
}

export function filteringForm(visitor: Visitor, check: Check, errors?: string[]): Html {
  const text = (name: "start_kw" | "success_kw" | "failure_kw", label: string) =>
    html`<label>${label} <input name="${name}" value="${check[name]}" maxlength="200" placeholder="e.g. ERROR, FAILED" autocomplete="off"></label>`;
  return html`<form method="post" action="/checks/${check.uuid}/filtering/" class="stacked filtering-form">
    ${csrfField(visitor)}
    ${formErrors(errors)}
    <fieldset><legend>HTTP requests</legend>
      <label class="radio"><input type="radio" name="methods" value="" ${when(check.methods !== "POST", "checked")}> HEAD, GET, POST and PUT ping the check</label>
      <label class="radio"><input type="radio" name="methods" value="POST" ${when(check.methods === "POST", "checked")}> Only POST pings it (others are logged as ignored)</label>
    </fieldset>
    <fieldset><legend>Look for keywords in</legend>
      <label class="check"><input type="checkbox" name="filter_http_body" value="1" ${when(check.filter_http_body === 1, "checked")}> HTTP request bodies</label>
      <label class="check"><input type="checkbox" name="filter_subject" value="1" ${when(check.filter_subject === 1, "checked")}> E-mail subjects</label>
      <label class="check"><input type="checkbox" name="filter_body" value="1" ${when(check.filter_body === 1, "checked")}> E-mail bodies</label>
    </fieldset>
    ${text("start_kw", "Start keywords")}
    ${text("success_kw", "Success keywords")}
    ${text("failure_kw", "Failure keywords")}
    <p class="hint">Comma-separated; case-insensitive.</p>
    <fieldset><legend>When no keyword matches</legend>
      <label class="radio"><input type="radio" name="filter_default_fail" value="0" ${when(check.filter_default_fail !== 1, "checked")}> Ignore the ping</label>
      <label class="radio"><input type="radio" name="filter_default_fail" value="1" ${when(check.filter_default_fail === 1, "checked")}> Count it as a failure</label>
    </fieldset>
    <label class="check"><input type="checkbox" name="manual_resume" value="1" ${when(check.manual_resume === 1, "checked")}> Ignore pings while paused: resume the check here by hand</label>
    <button type="submit" class="primary">Save rules</button>
  </form>`;
}
