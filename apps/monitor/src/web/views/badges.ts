// Status badges of a project: one per tag plus one for all checks, in three formats.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { layout } from "./layout.js";

export interface BadgeRow {
  tag: string;
  urls: Record<string, string>;
}

const FORMATS: [string, string][] = [
  ["svg", "SVG image"],
  ["json", "JSON"],
  ["shields", "Shields.io endpoint"],
];

// The preview loads from this server by path, whatever host the site root names.
function badgeRow(row: BadgeRow, late: boolean): Html {
  const key = (fmt: string) => (late ? `${fmt}3` : fmt);
  return html`<tr>
    <td class="nowrap"><strong>${row.tag === "*" ? "All checks" : row.tag}</strong></td>
    <td><img src="${new URL(row.urls[key("svg")]).pathname}" alt="${row.tag} badge" height="20"></td>
    <td>${FORMATS.map(([fmt, label]) => html`<div class="badge-url"><span class="muted small">${label}</span><code>${row.urls[key(fmt)]}</code></div>`)}</td>
  </tr>`;
}

export function badgesPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, rows: BadgeRow[], late: boolean): Html {
  const base = `/projects/${access.project.uuid}/badges/`;
  return layout(
    deps,
    { title: `Badges – ${access.project.name}`, visitor, project: access, tab: "badges" },
    html`<h1>Status badges</h1>
<p class="lead">Show the status of your checks in a README, a wiki or a status page. Each tag gets a badge; the first one covers every check in the project.
The URLs are public but unguessable, and do not reveal check names or ping URLs.</p>
<nav class="segmented" aria-label="Badge states">
  <a href="${base}" class="${late ? "" : "active"}">Up / down</a>
  <a href="${base}?late=1" class="${late ? "active" : ""}">Up / late / down</a>
</nav>
<div class="card flush"><table class="table badges"><thead><tr><th>Tag</th><th>Badge</th><th>URLs</th></tr></thead>
<tbody>${rows.map((r) => badgeRow(r, late))}</tbody></table></div>`,
  );
}
