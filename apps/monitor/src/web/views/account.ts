// The account page: the e-mail address, the password, and the other signed-in sessions.
import type { MonitorDeps } from "../../deps.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";
import type { Account, WebProfile } from "../../store/schema.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export interface AccountView {
  account: Account;
  profile: WebProfile;
  /** Recovery codes made just now (two-factor set up), shown once. */
  recoveryCodes?: string[];
  /** Sessions other than this one. */
  otherSessions: number;
  flash?: { kind: "ok" | "error"; text: string } | null;
}

export function accountPage(deps: MonitorDeps, visitor: Visitor, view: AccountView): Html {
  const others = view.otherSessions;
  return layout(
    deps,
    { title: "Account", visitor, narrow: true, flash: view.flash },
    html`<h1>Account</h1>
<section class="card">
  <h2>E-mail address</h2>
  <p>You sign in as <strong>${view.account.email}</strong>.</p>
  <form method="post" action="/accounts/profile/">
    ${csrfField(visitor)}<input type="hidden" name="action" value="email">
    <label>New e-mail address <input type="email" name="email" autocomplete="email" required>
      <small class="muted">We send a link to the new address; the change takes effect when you follow it.</small></label>
    <label>Your password <input type="password" name="password" autocomplete="current-password" required></label>
    <button type="submit">Change e-mail address</button>
  </form>
</section>
<section class="card">
  <h2>Password</h2>
  <form method="post" action="/accounts/profile/">
    ${csrfField(visitor)}<input type="hidden" name="action" value="password">
    <label>Current password <input type="password" name="current" autocomplete="current-password" required></label>
    <label>New password <input type="password" name="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
      <small class="muted">At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions are signed out.</small></label>
    <button type="submit">Change password</button>
  </form>
</section>
<section class="card">
  <h2>Sessions</h2>
  <p>${others === 0 ? "You are signed in here only." : `You are also signed in ${others === 1 ? "in 1 other place" : `in ${others} other places`} (other browsers or devices).`}</p>
  <form method="post" action="/accounts/profile/">
    ${csrfField(visitor)}<input type="hidden" name="action" value="sessions">
    <button type="submit" ${when(others === 0, "disabled")}>Sign out other sessions</button>
  </form>
</section>
${twoFactorSection(visitor, view)}
${preferencesSection(visitor, view)}
${closeSection(visitor)}`,
  );
}

function twoFactorSection(visitor: Visitor, view: AccountView): Html {
  const on = view.profile.totp_secret !== null;
  const left = view.profile.recovery_codes.split(" ").filter(Boolean).length;
  return html`<section class="card" id="two-factor">
  <h2>Two-factor sign-in</h2>
  ${
    view.recoveryCodes
      ? html`<div class="flash ok"><p><strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.</p>
      <pre class="recovery-codes" id="recovery-codes">${view.recoveryCodes.join("\n")}</pre><button type="button" class="small" data-copy-target="#recovery-codes">Copy</button></div>`
      : null
  }
  ${
    on
      ? html`<p>Signing in asks for a code from your authenticator app. <span class="muted">${left} recovery code${left === 1 ? "" : "s"} left.</span></p>
  <form method="post" action="/accounts/profile/" class="row-form">
    ${csrfField(visitor)}<input type="hidden" name="action" value="disable_2fa">
    <input type="password" name="password" autocomplete="current-password" placeholder="Your password" aria-label="Your password, to turn two-factor sign-in off" required>
    <button type="submit" class="danger">Turn off</button>
  </form>`
      : html`<p>Ask for a code from an authenticator app (on your phone) when signing in, besides the password.</p><a class="button" href="/accounts/two_factor/setup/">Set up two-factor sign-in</a>`
  }
</section>`;
}

const THEMES: [string, string][] = [
  ["system", "Follow the system"],
  ["light", "Light"],
  ["dark", "Dark"],
];

function preferencesSection(visitor: Visitor, view: AccountView): Html {
  return html`<section class="card">
  <h2>Preferences</h2>
  <form method="post" action="/accounts/profile/" class="stacked">
    ${csrfField(visitor)}<input type="hidden" name="action" value="preferences">
    <fieldset class="kinds"><legend>Appearance</legend>
      ${THEMES.map(([value, label]) => html`<label class="radio"><input type="radio" name="theme" value="${value}" ${when(view.profile.theme === value, "checked")}> ${label}</label>`)}
    </fieldset>
    <label class="check"><input type="checkbox" name="reports" value="1" ${when(view.profile.reports === 1, "checked")}> Send me a monthly report of my checks, on the first of each month</label>
    <button type="submit">Save preferences</button>
  </form>
</section>`;
}

function closeSection(visitor: Visitor): Html {
  return html`<section class="card danger-zone">
  <h2>Close account</h2>
  <p class="hint">Deletes your account and the projects you own, with their checks and integrations; you leave the teams you are on. This cannot be undone.</p>
  <form method="post" action="/accounts/close/" class="row-form" data-confirm="Close your account and delete the projects you own?">
    ${csrfField(visitor)}
    <input type="password" name="password" autocomplete="current-password" placeholder="Your password" aria-label="Your password, to close the account" required>
    <button type="submit" class="danger">Close account</button>
  </form>
</section>`;
}
