// The group's set-up page: a label and the project's other integrations to fan out to.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import type { Channel } from "../../store/schema.js";
import { html, when, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { csrfField, layout } from "../../web/views/layout.js";
import type { KindCatalog } from "../kind.js";
import { groupIcon } from "./icon.js";

export interface GroupFormState {
  label: string;
  chosen: Set<string>;
  error?: string;
}

export function groupPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, catalog: KindCatalog, candidates: Channel[], state: GroupFormState): Html {
  const base = `/projects/${access.project.uuid}/integrations/`;
  return layout(
    deps,
    { title: "Add Group", visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(groupIcon, "kind-icon large")}Group</h1>
  <p>A group sends each alert through several integrations of this project at once. Assign the group to a check, and every integration in it notifies.</p>
  ${state.error ? html`<p class="flash error" role="alert">${state.error}</p>` : null}
  ${
    candidates.length === 0
      ? html`<p class="muted">This project has no other integrations yet: add some first, then group them.</p>`
      : html`<form method="post" action="/projects/${access.project.uuid}/add_group/" class="stacked">
    ${csrfField(visitor)}
    <label for="f-label">Label<input id="f-label" type="text" name="label" maxlength="100" value="${state.label}" placeholder="On-call team" autocomplete="off"><small class="muted">Optional: tells this group apart from others.</small></label>
    <fieldset><legend>Integrations</legend>
      <ul class="plain">${candidates.map((c) => html`<li><label class="check"><input type="checkbox" name="channels" value="${c.uuid}" ${when(state.chosen.has(c.uuid), "checked")}> ${drawKindIcon(catalog.icon(c.kind))} ${catalog.channelLabel(c)}</label></li>`)}</ul>
    </fieldset>
    <div class="form-actions"><a href="${base}">Cancel</a><button type="submit" class="primary">Save Integration</button></div>
  </form>`
  }
</section>`,
  );
}
