// Project settings: name, API keys and ping key, team access.
import { projectKeyIsSet, type ProjectKeyKind } from "../../actions/project-keys.js";
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess, TeamMember } from "../../store/memberships.js";
import type { Account } from "../../store/schema.js";
import { canWrite } from "../access.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export interface SettingsView {
  access: ProjectAccess;
  owner: Account;
  members: TeamMember[];
  /** Keys created by this very request: shown once, never again. */
  newKeys?: Partial<Record<ProjectKeyKind, string>>;
  flash?: { kind: "ok" | "error"; text: string } | null;
  /** The team member the project is offered to. */
  transferTo?: number | null;
}

const KEY_ROWS: [ProjectKeyKind, string, string][] = [
  ["api_key", "API key", "Read-write access to the management API: create, change, pause and delete checks."],
  ["api_key_readonly", "API key (read-only)", "Lists checks and their status without ping URLs; for dashboards."],
  ["ping_key", "Ping key", "Pings checks by slug: /ping/<ping key>/<slug>."],
];

function action(visitor: Visitor, base: string, fields: Record<string, string>, label: string, cls: string, confirm?: string): Html {
  return html`<form method="post" action="${base}" class="inline"${confirm ? html` data-confirm="${confirm}"` : null}>
    ${csrfField(visitor)}${Object.entries(fields).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
    <button type="submit" class="${cls}">${label}</button></form>`;
}

function keyValue(view: SettingsView, kind: ProjectKeyKind): Html {
  const created = view.newKeys?.[kind];
  if (created) return html`<code class="secret" data-copy>${created}</code><div class="hint">Copy it now: it is stored hashed and will not be shown again.</div>`;
  const { project } = view.access;
  if (!projectKeyIsSet(project, kind)) return html`<span class="muted">not set</span>`;
  if (kind === "ping_key") return html`<code>${project.ping_key}</code>`;
  return html`<span class="muted">set (shown only when created)</span>`;
}

function apiSection(deps: MonitorDeps, visitor: Visitor, view: SettingsView, base: string): Html {
  const rows = KEY_ROWS.map(([kind, label, help]) => {
    const isSet = projectKeyIsSet(view.access.project, kind);
    const button = isSet
      ? action(visitor, base, { action: "revoke_key", key: kind }, "Revoke", "danger small", `Revoke the ${label}? Clients using it will stop working at once.`)
      : action(visitor, base, { action: "create_key", key: kind }, "Create", "small", undefined);
    return html`<tr id="key-${kind}"><th scope="row">${label}<div class="hint">${help}</div></th><td>${keyValue(view, kind)}</td><td class="right">${button}</td></tr>`;
  });
  return html`<section class="card">
  <h2>API access</h2>
  <table class="table keys">${rows}</table>
  <p class="hint">Use a key in the <code>X-Api-Key</code> header: <code>curl -H "X-Api-Key: …" ${deps.config.siteRoot}/api/v3/checks/</code></p>
</section>`;
}

const ROLE_LABELS = { rw: "Team member", ro: "Read-only" };

function teamSection(visitor: Visitor, view: SettingsView, base: string): Html {
  const isOwner = view.access.role === "owner";
  const me = visitor.account?.id;
  const memberRows = view.members.map(
    (m) => html`<tr><td class="clip-any">${m.account.email}${m.account.id === view.transferTo ? html` <span class="tag">transfer offered</span>` : null}</td><td>${ROLE_LABELS[m.role]}</td><td class="right">${
      isOwner
        ? action(visitor, base, { action: "remove_member", account: String(m.account.id) }, "Remove", "link danger", `Remove ${m.account.email} from this project?`)
        : m.account.id === me
          ? action(visitor, base, { action: "leave" }, "Leave project", "link danger", "Leave this project? You will lose access to it.")
          : null
    }</td></tr>`,
  );
  return html`<section class="card">
  <h2>Team access</h2>
  <p class="hint">Team members see this project's checks and integrations with their own sign-in; read-only members cannot change anything.</p>
  <table class="table team">
    <tr><th>E-mail</th><th>Role</th><th></th></tr>
    <tr><td>${view.owner.email}</td><td>Owner</td><td></td></tr>
    ${memberRows}
  </table>
  ${
    isOwner
      ? html`<form method="post" action="${base}" class="row-form">
    ${csrfField(visitor)}<input type="hidden" name="action" value="invite">
    <input type="email" name="email" placeholder="colleague@example.com" required aria-label="E-mail address">
    <select name="role" aria-label="Role"><option value="rw">Team member</option><option value="ro">Read-only</option></select>
    <button type="submit" class="primary">Invite</button>
  </form><p class="hint">Someone without an account here gets an e-mail with a link to set a password; someone with one is added at once.</p>`
      : null
  }
</section>`;
}

/** The owner offers the project to a team member; that member accepts or declines here. */
function transferSection(visitor: Visitor, view: SettingsView, base: string): Html | null {
  const me = visitor.account?.id;
  if (view.transferTo && view.transferTo === me) {
    return html`<section class="card transfer-offer">
  <h2>Transfer offered</h2>
  <p>${view.owner.email} offers you the ownership of this project. As its owner, its checks count against your account's limit.</p>
  ${action(visitor, base, { action: "accept_transfer" }, "Accept the transfer", "primary")} ${action(visitor, base, { action: "decline_transfer" }, "Decline", "")}
</section>`;
  }
  if (view.access.role !== "owner") return null;
  if (view.transferTo) {
    const target = view.members.find((m) => m.account.id === view.transferTo);
    return html`<section class="card"><h2>Transfer ownership</h2><p>The project is offered to <strong>${target?.account.email ?? "a team member"}</strong>, who can accept it on this page.</p>
      ${action(visitor, base, { action: "withdraw_transfer" }, "Withdraw the offer", "")}</section>`;
  }
  if (view.members.length === 0) return null;
  return html`<section class="card">
  <h2>Transfer ownership</h2>
  <p class="hint">Offer the project to a team member. It changes hands when they accept; you stay on the team.</p>
  <form method="post" action="${base}" class="row-form">
    ${csrfField(visitor)}<input type="hidden" name="action" value="offer_transfer">
    <select name="account" aria-label="New owner">${view.members.map((m) => html`<option value="${m.account.id}">${m.account.email}</option>`)}</select>
    <button type="submit">Offer the project</button>
  </form>
</section>`;
}

function nameSection(visitor: Visitor, view: SettingsView, base: string): Html {
  const { project } = view.access;
  if (!canWrite(view.access)) return html`<section class="card"><h2>Project name</h2><p>${project.name}</p></section>`;
  return html`<section class="card">
  <h2>Project name</h2>
  <form method="post" action="${base}" class="row-form">
    ${csrfField(visitor)}<input type="hidden" name="action" value="rename">
    <input name="name" value="${project.name}" maxlength="60" required aria-label="Project name">
    <button type="submit">Rename</button>
  </form>
</section>`;
}

function dangerSection(visitor: Visitor, view: SettingsView, base: string): Html | null {
  if (view.access.role !== "owner") return null;
  const { project } = view.access;
  return html`<section class="card danger-zone">
  <h2>Delete project</h2>
  <p class="hint">Deletes the project with all its checks, their ping history, and its integrations. Its ping URLs stop working at once. This cannot be undone.</p>
  <form method="post" action="${base}" class="row-form" data-confirm="Delete the project “${project.name}” and everything in it?">
    ${csrfField(visitor)}<input type="hidden" name="action" value="delete_project">
    <input name="confirm_name" placeholder="${project.name}" aria-label="Type the project's name to confirm" autocomplete="off" required>
    <button type="submit" class="danger">Delete project</button>
  </form>
</section>`;
}

export function settingsPage(deps: MonitorDeps, visitor: Visitor, view: SettingsView): Html {
  const base = `/projects/${view.access.project.uuid}/settings/`;
  return layout(
    deps,
    { title: `Settings – ${view.access.project.name}`, visitor, project: view.access, tab: "settings", flash: view.flash },
    html`<h1>Project settings</h1>
<div class="stack">
${nameSection(visitor, view, base)}
${canWrite(view.access) ? apiSection(deps, visitor, view, base) : null}
${teamSection(visitor, view, base)}
${transferSection(visitor, view, base)}
${dangerSection(visitor, view, base)}
</div>`,
  );
}
