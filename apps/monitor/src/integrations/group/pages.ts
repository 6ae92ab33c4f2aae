// The group's form: a label and the project's other integrations (groups left out) to tick.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Channel } from "../../store/schema.js";
import { html, when, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { kindIcon } from "../../web/views/kindIcon.js";
import { csrfField, layout } from "../../web/views/layout.js";
import { kindTitle, summaryOf } from "../registry.js";

export interface GroupFormView {
  access: ProjectAccess;
  choices: Channel[];
  label: string;
  chosen: string[];
  error?: string;
}

export function groupFormPage(deps: MonitorDeps, visitor: Visitor, view: GroupFormView): Html {
  const { access } = view;
  const picked = new Set(view.chosen);
  return layout(
    deps,
    { title: `Add Group – ${access.project.name}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${kindIcon("group", "kind-icon large")}Add Group integration</h1>
  <p class="muted">Sends each alert through several integrations at once.</p>
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
  <form method="post" action="/projects/${access.project.uuid}/add_group/" class="stacked">
    ${csrfField(visitor)}
    <label for="f-label">Label<input id="f-label" name="label" value="${view.label}" maxlength="100" placeholder="VIP group"><small class="muted">Optional: tells groups apart.</small></label>
    <fieldset><legend>Integrations</legend>
    ${
      view.choices.length === 0
        ? html`<p class="empty">This project has no other integrations yet: add some first.</p>`
        : html`<ul class="plain">${view.choices.map(
            (c) => html`<li><label class="check"><input type="checkbox" name="channels" value="${c.uuid}" ${when(picked.has(c.uuid), "checked")}> <span class="kind-label">${kindIcon(c.kind)}${c.name || html`<span class="muted">unnamed</span>`}</span> <span class="muted small">${kindTitle(c.kind)} ${summaryOf(c)}</span></label></li>`,
          )}</ul>`
    }
    </fieldset>
    <div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">Save Group</button></div>
  </form>
</section>`,
  );
}
