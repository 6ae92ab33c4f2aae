// The account page: the e-mail address, the password, and the other signed-in sessions.
import type { MonitorDeps } from "../../deps.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";
import type { Account } from "../../store/schema.js";
import { html, when, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export interface AccountView {
  account: Account;
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
</section>`,
  );
}
