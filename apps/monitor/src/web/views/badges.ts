// Status badges of a project: one per tag plus one for all checks, in three formats, each with
// the snippets that embed it (Markdown, HTML) and copy buttons.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { layout } from "./layout.js";

export interface BadgeRow {
  tag: string;
  urls: Record<string, string>;
}

function copyLine(id: string, label: string, value: string): Html {
  return html`<div class="badge-url"><span class="muted small">${label}</span><div class="copyable scroll"><code id="${id}">${value}</code><button type="button" class="small" data-copy-target="#${id}">Copy</button></div></div>`;
}

// The preview loads from this server by path, whatever host the site root names.
function badgeCard(row: BadgeRow, index: number, late: boolean): Html {
  const key = (fmt: string) => (late ? `${fmt}3` : fmt);
  const svg = row.urls[key("svg")];
  const title = row.tag === "*" ? "All checks" : row.tag;
  const alt = `${title} status`;
  return html`<section class="card badge-card">
    <div class="badge-head"><h2>${title}</h2><img src="${new URL(svg).pathname}" alt="${alt}" height="20"></div>
    ${copyLine(`b${index}-md`, "Markdown", `![${alt}](${svg})`)}
    ${copyLine(`b${index}-html`, "HTML", `<img src="${svg}" alt="${alt}">`)}
    ${copyLine(`b${index}-svg`, "Image URL (SVG)", svg)}
    ${copyLine(`b${index}-json`, "JSON", row.urls[key("json")])}
    ${copyLine(`b${index}-shields`, "Shields.io endpoint", row.urls[key("shields")])}
  </section>`;
}

/** Links to the neighbouring pages, keeping the badge states chosen. */
function pager(base: string, late: boolean, at: { page: number; pages: number }): Html | null {
  if (at.pages === 1) return null;
  const href = (page: number) => `${base}?${new URLSearchParams({ ...(late ? { late: "1" } : {}), page: String(page) })}`;
  return html`<nav class="pager" aria-label="Badge pages">
  ${at.page > 1 ? html`<a class="button small" href="${href(at.page - 1)}">← Previous</a>` : null}
  <span class="muted small">Page ${at.page} of ${at.pages}</span>
  ${at.page < at.pages ? html`<a class="button small" href="${href(at.page + 1)}">Next →</a>` : null}
</nav>`;
}

export function badgesPage(deps: MonitorDeps, visitor: Visitor, access: ProjectAccess, rows: BadgeRow[], late: boolean, at: { page: number; pages: number } = { page: 1, pages: 1 }): Html {
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
<div class="badges">${rows.map((r, i) => badgeCard(r, i, late))}</div>
${pager(base, late, at)}`,
  );
}
