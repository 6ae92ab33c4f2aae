// The integrations page, the add/edit form of one integration, and its check assignment.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Channel, Check } from "../../store/schema.js";
import { canWrite } from "../access.js";
import { html, when, type Html } from "../html.js";
import type { FieldDef, FieldValues, KindForm } from "../../integrations/form.js";
import type { IntegrationKind } from "../../integrations/kind.js";
import { kindOf, kindTitle, notesOf, offeredKinds, summaryOf } from "../../integrations/registry.js";
import type { Visitor } from "../session.js";
import { channelName } from "./channel-name.js";
import { integrationGuide } from "./integration-guides.js";
import { kindIcon } from "./kind-icon.js";
import { csrfField, layout } from "./layout.js";

export interface IntegrationRow {
  channel: Channel;
  checks: number;
}

type Flash = { kind: "ok" | "error"; text: string } | null | undefined;

function postButton(visitor: Visitor, action: string, label: string, cls: string, confirm?: string): Html {
  return html`<form method="post" action="${action}" class="inline"${confirm ? html` data-confirm="${confirm}"` : null}>${csrfField(visitor)}<button type="submit" class="${cls}">${label}</button></form>`;
}

function row(visitor: Visitor, access: ProjectAccess, item: IntegrationRow, total: number): Html {
  const { channel } = item;
  const kind = kindOf(channel.kind);
  const editable = Boolean(kind?.setup && "form" in kind.setup);
  const base = `/integrations/${channel.uuid}/`;
  const writable = canWrite(access);
  return html`<tr data-uuid="${channel.uuid}">
    <td class="nowrap"><span class="kind-label">${kindIcon(channel.kind)}${kindTitle(channel.kind)}</span></td>
    <td><strong class="clip-any">${channelName(channel)}</strong>${channel.name ? html`<div class="muted small clip">${summaryOf(channel)}</div>` : null}
      ${notesOf(channel).map((note) => html`<div class="error-text small">${note}</div>`)}
      ${channel.last_error ? html`<div class="error-text small">Last delivery failed: ${channel.last_error}</div>` : null}</td>
    <td><a href="${base}checks/">${item.checks} of ${total} check${total === 1 ? "" : "s"}</a></td>
    <td class="right nowrap">${
      writable
        ? html`${editable ? html`<a class="button small" href="${base}edit/">Edit</a>` : null}
          ${postButton(visitor, `${base}test/`, "Test", "small")}
          ${postButton(visitor, `${base}remove/`, "Remove", "small danger", `Remove the integration “${channelName(channel)}”?`)}`
        : null
    }</td>
  </tr>`;
}

export function integrationsPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, rows: IntegrationRow[], totalChecks: number, flash?: Flash): Html {
  const base = `/projects/${access.project.uuid}/integrations/`;
  const table = rows.length
    ? html`<table class="table integrations"><thead><tr><th>Type</th><th>Name</th><th>Assigned to</th><th></th></tr></thead>
      <tbody>${rows.map((r) => row(visitor, access, r, totalChecks))}</tbody></table>`
    : html`<div class="empty">No integrations yet: add one below to be told when a check goes down.</div>`;
  return layout(
    deps,
    { title: `Integrations – ${access.project.name}`, visitor, project: access, tab: "integrations", flash },
    html`<h1>Integrations</h1>
<div class="card flush">${table}</div>
${
  canWrite(access)
    ? html`<h2 class="section-title">Add an integration</h2>
<div class="grid kinds">${offeredKinds(deps.config).map((k) => html`<a class="card kind-card" href="${base}add/${k.kind}/"><span class="kind-label">${kindIcon(k.kind, "kind-icon large")}${k.title}</span><p class="muted small">${k.blurb}</p><span class="button small">Add ${k.title}</span></a>`)}</div>`
    : null
}`,
  );
}

function fieldInput(field: FieldDef, value: string | boolean | undefined, editing: boolean): Html {
  const v = value ?? field.initial ?? (field.type === "checkbox" ? false : "");
  const id = `f-${field.name}`;
  const help = field.help ?? (field.type === "password" && editing ? "Leave empty to keep the current value." : undefined);
  const helpHtml = help ? html`<small class="muted">${help}</small>` : null;
  const required = when(Boolean(field.required) && !(field.type === "password" && editing), "required");
  if (field.type === "checkbox") return html`<label class="check"><input type="checkbox" name="${field.name}" id="${id}" ${when(v === true, "checked")}> ${field.label}</label>`;
  if (field.type === "textarea") return html`<label for="${id}">${field.label}<textarea id="${id}" name="${field.name}" rows="3" placeholder="${field.placeholder ?? ""}">${String(v)}</textarea>${helpHtml}</label>`;
  if (field.type === "select") {
    return html`<label for="${id}">${field.label}<select id="${id}" name="${field.name}">${(field.options ?? []).map(([ov, label]) => html`<option value="${ov}" ${when(ov === v, "selected")}>${label}</option>`)}</select>${helpHtml}</label>`;
  }
  const type = field.type === "password" ? "password" : field.type;
  return html`<label for="${id}">${field.label}<input id="${id}" type="${type}" name="${field.name}" value="${String(v)}" placeholder="${field.placeholder ?? ""}" ${required} autocomplete="off">${helpHtml}</label>`;
}

export interface IntegrationFormView {
  access: ProjectAccess;
  kind: IntegrationKind;
  form: KindForm;
  action: string;
  name: string;
  values: FieldValues;
  editing: boolean;
  error?: string | null;
}

export function integrationFormPage(deps: MonitorDeps, visitor: Visitor, view: IntegrationFormView): Html {
  const verb = view.editing ? "Edit" : "Add";
  const { title, blurb } = view.kind;
  return layout(
    deps,
    { title: `${verb} ${title} – ${view.access.project.name}`, visitor, project: view.access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${kindIcon(view.kind.kind, "kind-icon large")}${verb} ${title} integration</h1>
  <p class="muted">${blurb}</p>
  ${view.editing ? null : integrationGuide(view.kind.kind)}
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
  <form method="post" action="${view.action}" class="stacked">
    ${csrfField(visitor)}
    <label for="f-name">Name<input id="f-name" name="name" value="${view.name}" maxlength="100" placeholder="${title}"><small class="muted">Optional: tells integrations of the same type apart.</small></label>
    ${view.form.fields.map((f) => fieldInput(f, view.values[f.name], view.editing))}
    <div class="form-actions"><a href="/projects/${view.access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">${view.editing ? "Save" : `Add ${title}`}</button></div>
  </form>
</section>`,
  );
}

export function assignmentPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, channel: Channel, checks: Check[], assigned: Set<number>): Html {
  const writable = canWrite(access);
  return layout(
    deps,
    { title: `Checks of ${channelName(channel)}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1>Assigned checks</h1>
  <p class="muted">Which checks notify through <strong>${channelName(channel)}</strong> (${kindTitle(channel.kind)}).</p>
  ${
    checks.length === 0
      ? html`<p class="empty">This project has no checks yet.</p>`
      : html`<form method="post" action="/integrations/${channel.uuid}/checks/" class="stacked">
    ${csrfField(visitor)}
    ${writable ? html`<p class="small"><a href="#" data-check-all="check">Select all</a> · <a href="#" data-check-none="check">Select none</a></p>` : null}
    <ul class="plain">${checks.map((c) => html`<li><label class="check"><input type="checkbox" name="check" value="${c.uuid}" ${when(assigned.has(c.id), "checked")} ${when(!writable, "disabled")}> ${c.name || "unnamed"} ${c.tags ? html`<span class="muted small">${c.tags}</span>` : null}</label></li>`)}</ul>
    ${writable ? html`<div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">Save</button></div>` : null}
  </form>`
  }
</section>`,
  );
}
