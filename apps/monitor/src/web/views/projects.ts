// The projects overview: every project the account owns or belongs to, and a new-project form.
import type { MonitorDeps } from "../../deps.js";
import type { ComputedStatus } from "../../lib/status.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";
import { statusDot } from "./status.js";

export interface ProjectSummary {
  access: ProjectAccess;
  statuses: ComputedStatus[];
}

const ROLE_LABELS = { owner: "Owner", rw: "Team member", ro: "Read-only" };

function summaryLine(statuses: ComputedStatus[]): Html {
  if (statuses.length === 0) return html`<span class="muted">No checks yet</span>`;
  const down = statuses.filter((s) => s === "down").length;
  const late = statuses.filter((s) => s === "grace").length;
  const worst: ComputedStatus = down > 0 ? "down" : late > 0 ? "grace" : "up";
  const text = down > 0 ? `${down} down` : late > 0 ? `${late} late` : "all up";
  return html`${statusDot(worst)} ${statuses.length} check${statuses.length === 1 ? "" : "s"}, ${text}`;
}

function projectCard(summary: ProjectSummary): Html {
  const { project, role } = summary.access;
  return html`<a class="card project-card" href="/projects/${project.uuid}/checks/">
    <h2>${project.name}</h2>
    <p>${summaryLine(summary.statuses)}</p>
    <p class="muted small">${ROLE_LABELS[role]}</p>
  </a>`;
}

export function projectsPage(deps: MonitorDeps, visitor: Visitor, projects: ProjectSummary[], error: string | null = null): Html {
  return layout(
    deps,
    { title: "Projects", visitor },
    html`<h1>Projects</h1>
${projects.length === 0 ? html`<p class="lead">Welcome! Create your first project to start monitoring your cron jobs.</p>` : null}
<div class="grid projects">
  ${projects.map(projectCard)}
  <section class="card project-card new-project">
    <h2>New project</h2>
    ${error ? html`<p class="flash error">${error}</p>` : null}
    <form method="post" action="/projects/">
      ${csrfField(visitor)}
      <label>Project name <input name="name" maxlength="60" required placeholder="e.g. Backups"></label>
      <button class="primary" type="submit">Create project</button>
    </form>
  </section>
</div>`,
  );
}
