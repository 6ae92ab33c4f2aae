// The projects overview: every project the account owns or belongs to, and a new-project form.
import type { MonitorDeps } from "../../deps.js";
import type { ComputedStatus } from "../../lib/status.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";
import { worstStatus } from "./checks-list.js";
import { statusDot } from "./status.js";

export interface ProjectSummary {
  access: ProjectAccess;
  statuses: ComputedStatus[];
}

const ROLE_LABELS = { owner: "Owner", rw: "Team member", ro: "Read-only" };

// Every status in the order a summary names them, with its word; "all up" is said only when
// every check is up (a check never pinged is not up: it is new).
const SUMMARY: [ComputedStatus, string, string][] = [
  ["down", "down", "all down"],
  ["grace", "late", "all late"],
  ["started", "running", "all running"],
  ["up", "up", "all up"],
  ["new", "new", "not pinged yet"],
  ["paused", "paused", "all paused"],
];

export function summaryText(statuses: ComputedStatus[]): string {
  const counts = SUMMARY.map(([status, word, all]) => ({ n: statuses.filter((s) => s === status).length, word, all }));
  const present = counts.filter((c) => c.n > 0);
  const total = `${statuses.length} check${statuses.length === 1 ? "" : "s"}`;
  if (present.length === 1) return `${total}, ${present[0].all}`;
  return `${total}: ${present.map((c) => `${c.n} ${c.word}`).join(", ")}`;
}

function summaryLine(statuses: ComputedStatus[]): Html {
  if (statuses.length === 0) return html`<span class="muted">No checks yet</span>`;
  return html`${statusDot(worstStatus(statuses))} ${summaryText(statuses)}`;
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
