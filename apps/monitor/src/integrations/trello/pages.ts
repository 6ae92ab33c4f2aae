// Trello's set-up pages: "Connect Trello"; the page Trello returns to, whose address carries
// the token after "#" (only the browser sees it: a line of script posts it, or the user
// pastes it); and the choice of a list.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { trelloIcon } from "./icon.js";
import { csrfField, layout } from "../../web/views/layout.js";

export interface TrelloBoard {
  id: string;
  name: string;
  lists: { id: string; name: string }[];
}

const frame = (access: ProjectAccess, visitor: Visitor) => ({ title: `Add Trello – ${access.project.name}`, visitor, project: access, tab: "integrations" as const, narrow: true });
const heading = () => html`<h1 class="kind-heading">${drawKindIcon(trelloIcon, "kind-icon large")}Trello</h1>`;
const back = (access: ProjectAccess) => html`<p class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Back to integrations</a></p>`;

export function connectPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, authorizeUrl: string): Html {
  return layout(
    deps,
    frame(access, visitor),
    html`<section class="card">
  ${heading()}
  <p>${deps.config.siteName} can add a card to a Trello list each time a check goes <strong>down</strong>.</p>
  <p class="connect"><a class="button primary" href="${authorizeUrl}">${drawKindIcon(trelloIcon)} Connect Trello</a></p>
  ${back(access)}
</section>`,
  );
}

export function returnPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess): Html {
  return layout(
    deps,
    frame(access, visitor),
    html`<section class="card">
  ${heading()}
  <form id="trello-token" method="post" action="/integrations/add_trello/settings/" class="stacked">
    ${csrfField(visitor)}
    <input type="hidden" name="project" value="${access.project.uuid}">
    <label for="f-token">Trello token<input id="f-token" name="token" required autocomplete="off">
      <small class="muted">Filled in from Trello's answer; without JavaScript, copy it from the address bar (after <code>#token=</code>).</small></label>
    <div class="form-actions"><button type="submit" class="primary">Continue</button></div>
  </form>
  <script>
    (function () {
      var m = /token=([0-9A-Za-z]+)/.exec(window.location.hash);
      if (!m) return;
      var form = document.getElementById("trello-token");
      form.elements.token.value = m[1];
      form.submit();
    })();
  </script>
  ${back(access)}
</section>`,
  );
}

export function listPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, token: string, boards: TrelloBoard[] | null): Html {
  const lists = boards?.reduce((n, b) => n + b.lists.length, 0) ?? 0;
  const body =
    boards === null
      ? html`<p class="flash error">Could not retrieve data from your Trello account. Received an unexpected response from Trello.</p>`
      : lists === 0
        ? html`<p class="flash error">Could not find any boards with lists in your Trello account. Are you logged in the correct Trello account?</p>`
        : html`<p class="flash ok">Authentication successful!</p>
  <form method="post" action="/projects/${access.project.uuid}/add_trello/" class="stacked">
    ${csrfField(visitor)}
    <input type="hidden" name="token" value="${token}">
    <label for="f-list">Post notifications to<select id="f-list" name="list">${boards!.map(
      (b) => html`<optgroup label="${b.name}">${b.lists.map((l) => html`<option value="${JSON.stringify({ board_name: b.name, list_name: l.name, list_id: l.id })}">${l.name}</option>`)}</optgroup>`,
    )}</select></label>
    <div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">Save integration</button></div>
  </form>`;
  return layout(deps, frame(access, visitor), html`<section class="card">${heading()}${body}</section>`);
}
