// Telegram's dashboard pages: the set-up steps, and the confirmation a bot's link opens.
import type { MonitorDeps } from "../../deps.js";
import type { ProjectAccess } from "../../store/memberships.js";
import { html, type Html } from "../../web/html.js";
import type { Visitor } from "../../web/session.js";
import { drawKindIcon } from "../../web/views/kind-badge.js";
import { telegramIcon } from "./icon.js";
import { csrfField, layout } from "../../web/views/layout.js";
import type { Recipient } from "./bot.js";

const CHAT_WORDS: Record<string, string> = { private: "the Telegram user", channel: "the Telegram channel", group: "the Telegram group", supergroup: "the Telegram group" };

export function setupPage(deps: MonitorDeps, visitor: Visitor, botName: string, access?: ProjectAccess): Html {
  const bot = html`<a href="https://t.me/${botName}">@${botName}</a>`;
  return layout(
    deps,
    { title: "Add Telegram", visitor, project: access, tab: "integrations", narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(telegramIcon, "kind-icon large")}Telegram</h1>
  <p>${deps.config.siteName} can post to a Telegram chat when a check goes <strong>down</strong> and when it comes back <strong>up</strong>: to you directly, to a group (or one topic of it), or to a channel.</p>
  <ol class="setup-steps">
    <li><strong>Bring in the bot.</strong> For a direct chat, open ${bot} and start a conversation. For a group, add ${bot} as a member. For a channel, make ${bot} an administrator that may post messages, and nothing more.</li>
    <li><strong>Say <code>/start</code></strong> in that chat. Where several bots listen, or to pick one topic of a group, send <code>/start@${botName}</code> from there.</li>
    <li><strong>Open the link</strong> the bot answers with, signed in to ${deps.config.siteName}, choose the project, and confirm. The link works for 10 minutes.</li>
  </ol>
  ${access ? html`<p class="form-actions"><a href="/projects/${access.project.uuid}/integrations/">Back to integrations</a></p>` : null}
</section>`,
  );
}

export function confirmPage(deps: MonitorDeps, visitor: Visitor, recipient: Recipient, projects: ProjectAccess[], action: string): Html {
  const writable = projects.filter((p) => p.role !== "ro");
  return layout(
    deps,
    { title: "Connect Telegram", visitor, narrow: true },
    html`<section class="card">
  <h1 class="kind-heading">${drawKindIcon(telegramIcon, "kind-icon large")}Connect Telegram</h1>
  <p>When a check goes <strong>down</strong> or comes back <strong>up</strong>, ${deps.config.siteName} will post to ${CHAT_WORDS[recipient.type] ?? "the Telegram chat"}${recipient.name ? html` <strong>${recipient.name}</strong>` : null}.</p>
  ${
    writable.length === 0
      ? html`<p class="flash error">You have no project you may add integrations to.</p>`
      : html`<form method="post" action="${action}" class="stacked">
    ${csrfField(visitor)}
    <label for="f-project">Project<select id="f-project" name="project">${writable.map((p) => html`<option value="${p.project.uuid}">${p.project.name}</option>`)}</select></label>
    <div class="form-actions"><a href="/projects/">Cancel</a><button type="submit" class="primary">Connect Telegram</button></div>
  </form>`
  }
</section>`,
  );
}
