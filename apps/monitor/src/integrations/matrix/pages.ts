// Matrix's set-up page: invite the bot, then give the room's address or id.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { matrixIcon } from "./icon.js";
import { csrfField, layout } from "../../web/views/layout.js";
import { matrixSettings } from "./settings.js";

export function addPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, form: { alias: string; error?: string }): Html {
  const bot = matrixSettings.of(deps.config).userId || "the bot account";
  return layout(
    deps,
    { title: `Add Matrix – ${access.project.name}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(matrixIcon, "kind-icon large")}Matrix</h1>
  <p>${deps.config.siteName} can post to a Matrix room when a check goes <strong>down</strong> and when it comes back <strong>up</strong>.</p>
  <ol class="setup-steps">
    <li><strong>Invite ${bot}</strong> into the room. Once in, it can read the room's messages: prefer a room made for notifications.</li>
    <li><strong>Find the room's address</strong> under Room Settings › General (its published address), or its internal room id under Room Settings › Advanced.</li>
    <li><strong>Enter it below.</strong> ${bot} joins the room, and alerts start arriving there.</li>
  </ol>
  ${form.error ? html`<p class="flash error" role="alert">${form.error}</p>` : null}
  <form method="post" action="/projects/${access.project.uuid}/add_matrix/" class="stacked">
    ${csrfField(visitor)}
    <label for="f-alias">Room address or id<input id="f-alias" name="alias" value="${form.alias}" placeholder="#alias:matrix.org" maxlength="100" required autocomplete="off"></label>
    <div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">Save integration</button></div>
  </form>
</section>`,
  );
}
