// Pushbullet's set-up page: one button that starts Pushbullet's authorization.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { pushbulletIcon } from "./icon.js";
import { layout } from "../../web/views/layout.js";

export function connectPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, authorizeUrl: string): Html {
  return layout(
    deps,
    { title: `Add Pushbullet – ${access.project.name}`, visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(pushbulletIcon, "kind-icon large")}Pushbullet</h1>
  <p>${deps.config.siteName} can send a Pushbullet notification when a check goes <strong>down</strong> and when it comes back <strong>up</strong>.</p>
  <p class="muted">Pushbullet asks you to allow it, then sends you back here.</p>
  <p class="connect"><a class="button primary" href="${authorizeUrl}">${drawKindIcon(pushbulletIcon)} Connect Pushbullet</a></p>
  <p class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Back to integrations</a></p>
</section>`,
  );
}
