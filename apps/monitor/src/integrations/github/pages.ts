// GitHub's set-up pages: "Connect GitHub", then the repository and labels.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { githubIcon } from "./icon.js";
import { csrfField, layout } from "../../web/views/layout.js";

const frame = (access: ProjectAccess, visitor: Visitor) => ({ title: `Add GitHub – ${access.project.name}`, visitor, project: access, tab: "integrations" as const, narrow: true });

export function connectPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, authorizeUrl: string): Html {
  return layout(
    deps,
    frame(access, visitor),
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(githubIcon, "kind-icon large")}GitHub</h1>
  <p>${deps.config.siteName} can open an issue in a GitHub repository when a check goes <strong>down</strong>.</p>
  <p class="muted">GitHub asks you to authorize ${deps.config.siteName}'s GitHub app, then sends you back here to pick the repository.</p>
  <p class="connect"><a class="button primary" href="${authorizeUrl}">${drawKindIcon(githubIcon)} Connect GitHub</a></p>
  <p class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Back to integrations</a></p>
</section>`,
  );
}

export function repoPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, repos: string[], sealed: string, installUrl: string): Html {
  return layout(
    deps,
    frame(access, visitor),
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(githubIcon, "kind-icon large")}GitHub</h1>
  <p class="flash ok">Success, GitHub connected!</p>
  <form method="post" action="/projects/${access.project.uuid}/add_github/save/" class="stacked">
    ${csrfField(visitor)}
    <input type="hidden" name="grant" value="${sealed}">
    <label for="f-repo">Repository<select id="f-repo" name="repo_name">${repos.map((r) => html`<option>${r}</option>`)}</select>
      <small class="muted">When a check goes down, ${deps.config.siteName} opens an issue here. Missing a repository? <a href="${installUrl}">Install</a> the GitHub app in its owner's account.</small></label>
    <label for="f-labels">Issue labels<input id="f-labels" name="labels" maxlength="500" autocomplete="off">
      <small class="muted">Optional: labels for the issues, separated by commas.</small></label>
    <div class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Cancel</a><button type="submit" class="primary">Save integration</button></div>
  </form>
</section>`,
  );
}
