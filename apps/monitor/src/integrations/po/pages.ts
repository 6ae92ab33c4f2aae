// Pushover's set-up page: the two priorities, and a button that goes to Pushover's
// subscription page (routes.ts), which sends the browser back with the user key.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { poIcon } from "./icon.js";
import { csrfField, layout } from "../../web/views/layout.js";
import { formatDuration } from "../text.js";

function priorities(direction: string, retry: number, expire: number): [string, string][] {
  return [
    ["-3", `Disabled: does not notify about ${direction} events.`],
    ["-2", "Lowest priority: generates no notification on your device."],
    ["-1", "Low priority: sends a quiet notification."],
    ["0", "Normal priority"],
    ["1", "High priority: bypasses the user's quiet hours."],
    ["2", `Emergency priority: repeated every ${formatDuration(retry)} for at most ${formatDuration(expire)} until you acknowledge them.`],
  ];
}

const select = (id: string, name: string, options: [string, string][]) =>
  html`<select id="${id}" name="${name}">${options.map(([v, label]) => html`<option value="${v}"${v === "0" ? html` selected` : null}>${label}</option>`)}</select>`;

export function subscribePage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, settings: { retryDelay: number; expiration: number; subscriptionUrl: string }): Html {
  const { retryDelay: retry, expiration: expire } = settings;
  return layout(
    deps,
    { title: `Add Pushover – ${access.project.name}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(poIcon, "kind-icon large")}Pushover</h1>
  <p>${deps.config.siteName} can send Pushover notifications to your phones, tablets, desktops and watches when a check goes <strong>down</strong> and when it comes back <strong>up</strong>.</p>
  ${
    settings.subscriptionUrl
      ? html`<form method="post" action="/projects/${access.project.uuid}/add_pushover/" class="stacked">
    ${csrfField(visitor)}
    <label for="f-po-priority">Priority for "down" events${select("f-po-priority", "po_priority", priorities("Down", retry, expire))}</label>
    <label for="f-po-priority-up">Priority for "up" events${select("f-po-priority-up", "po_priority_up", priorities("Up", retry, expire))}</label>
    <div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">${drawKindIcon(poIcon)} Subscribe with Pushover</button></div>
  </form>`
      : html`<p class="flash error">This server has no Pushover subscription URL (MONITOR_PUSHOVER_SUBSCRIPTION_URL), so Pushover integrations can only be added with <code>beacon monitor create-integration</code>.</p>`
  }
</section>`,
  );
}
