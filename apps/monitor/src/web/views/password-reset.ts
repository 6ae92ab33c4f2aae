// "Forgot your password?": asking for the link, and setting a new password from it.
import type { MonitorDeps } from "../../deps.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export function resetRequestPage(deps: MonitorDeps, visitor: Visitor, error?: string): Html {
  return layout(
    deps,
    { title: "Forgot your password?", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Forgot your password?</h1>
  <p class="muted">Enter the address you sign in with: we send a link to set a new password.</p>
  ${error ? html`<p class="flash error" role="alert">${error}</p>` : null}
  <form method="post" action="/accounts/password_reset/">
    ${csrfField(visitor)}
    <label>E-mail address <input type="email" name="email" autocomplete="username" required autofocus></label>
    <button type="submit" class="primary wide">Send the link</button>
  </form>
  <p class="muted center"><a href="/accounts/login/">Back to sign-in</a></p>
</section>`,
  );
}

export function resetPasswordPage(deps: MonitorDeps, visitor: Visitor, view: { email: string; token: string; error?: string }): Html {
  return layout(
    deps,
    { title: "Set a new password", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Set a new password</h1>
  <p class="muted">For ${view.email}. Every session of the account is signed out.</p>
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
  <form method="post" action="/accounts/password_reset/${view.token}/">
    ${csrfField(visitor)}
    <label>New password <input type="password" name="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus>
      <small class="muted">At least ${MIN_PASSWORD_LENGTH} characters.</small></label>
    <button type="submit" class="primary wide">Set password</button>
  </form>
</section>`,
  );
}
