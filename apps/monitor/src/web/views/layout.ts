// The page frame: head, top bar with the project's tabs, flash message, content.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html, type Renderable } from "../html.js";
import type { Visitor } from "../session.js";

export type Tab = "checks" | "integrations" | "badges" | "settings";

export interface PageFrame {
  title: string;
  visitor: Visitor;
  project?: ProjectAccess;
  tab?: Tab;
  flash?: { kind: "ok" | "error"; text: string } | null;
  /** Narrow pages (forms) read better in a single centred column. */
  narrow?: boolean;
}

const TABS: [Tab, string, string][] = [
  ["checks", "Checks", "checks/"],
  ["integrations", "Integrations", "integrations/"],
  ["badges", "Badges", "badges/"],
  ["settings", "Settings", "settings/"],
];

/** A hidden field carrying the visitor's CSRF token; every POST form includes one. */
export function csrfField(visitor: Visitor): Html {
  return html`<input type="hidden" name="csrf" value="${visitor.csrf}">`;
}

function accountMenu(visitor: Visitor): Html {
  if (!visitor.account) return html`<nav class="account"><a href="/accounts/login/">Sign in</a> <a class="button small" href="/accounts/signup/">Sign up</a></nav>`;
  return html`<nav class="account">
    <a href="/accounts/profile/" class="muted email" title="Your account">${visitor.account.email}</a>
    <form method="post" action="/accounts/logout/" class="inline">${csrfField(visitor)}<button class="link" type="submit">Sign out</button></form>
  </nav>`;
}

/** The current project's name opens a list of the others; each opens on the same tab. */
function projectSwitcher(frame: PageFrame): Html {
  const current = frame.project!.project;
  const path = TABS.find(([tab]) => tab === frame.tab)?.[2] ?? "checks/";
  const others = (frame.visitor.projects ?? []).filter((p) => p.uuid !== current.uuid);
  return html`<details class="switcher">
    <summary class="project-name" title="Switch project">${current.name}</summary>
    <div class="switcher-menu">
      ${others.map((p) => html`<a href="/projects/${p.uuid}/${path}">${p.name}</a>`)}
      <a href="/projects/" class="all">All projects…</a>
    </div>
  </details>`;
}

function projectBar(frame: PageFrame): Html | null {
  if (!frame.project) return null;
  const base = `/projects/${frame.project.project.uuid}/`;
  return html`<div class="projectbar"><div class="wrap">
    ${projectSwitcher(frame)}
    <nav class="tabs">${TABS.map(([tab, label, path]) => html`<a href="${base + path}" class="${tab === frame.tab ? "active" : ""}">${label}</a>`)}</nav>
  </div></div>`;
}

function flashMessage(flash: PageFrame["flash"]): Html | null {
  return flash ? html`<p class="flash ${flash.kind}" role="status">${flash.text}</p>` : null;
}

export function layout(deps: MonitorDeps, frame: PageFrame, body: Renderable): Html {
  const siteName = deps.config.siteName;
  return html`<!doctype html>
<html lang="en"${frame.visitor.theme && frame.visitor.theme !== "system" ? html` data-theme="${frame.visitor.theme}"` : null}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${frame.visitor.theme === "dark" ? "dark" : frame.visitor.theme === "light" ? "light" : "light dark"}">
<title>${frame.title} – ${siteName}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/beacon.css">
<script src="/static/beacon.js" defer></script>
</head>
<body>
<header class="topbar"><div class="wrap">
  <a class="brand" href="/"><span class="brand-mark"></span>${siteName}</a>
  ${accountMenu(frame.visitor)}
</div></header>
${projectBar(frame)}
<main class="wrap${frame.narrow ? " narrow" : ""}">
${flashMessage(frame.flash ?? frame.visitor.flash)}
${body}
</main>
</body>
</html>
`;
}

export function errorPage(deps: MonitorDeps, visitor: Visitor, status: number, message: string): Html {
  const title = status === 404 ? "Not found" : status === 403 ? "Forbidden" : "Bad request";
  return layout(deps, { title, visitor, narrow: true }, html`<section class="card"><h1>${title}</h1><p>${message}</p><p><a href="/">Back to the dashboard</a></p></section>`);
}
