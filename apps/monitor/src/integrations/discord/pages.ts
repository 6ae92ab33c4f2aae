// Discord's set-up page: one button that starts Discord's authorization.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { discordIcon } from "./icon.js";
import { layout } from "../../web/views/layout.js";

export function connectPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, authorizeUrl: string): Html {
  return layout(
    deps,
    { title: `Add Discord – ${access.project.name}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(discordIcon, "kind-icon large")}Discord</h1>
  <p>${deps.config.siteName} can post to a channel of your Discord server when a check goes <strong>down</strong> and when it comes back <strong>up</strong>.</p>
  <p class="muted">Discord asks which server and channel to post to, then sends you back here. You need the “Manage Webhooks” permission on that server.</p>
  <p class="connect"><a class="button primary" href="${authorizeUrl}">${drawKindIcon(discordIcon)} Connect Discord</a></p>
  <p class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Back to integrations</a></p>
</section>`,
  );
}
