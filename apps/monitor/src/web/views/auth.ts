// Sign-in and sign-up pages.
import type { MonitorDeps } from "../../deps.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export interface AuthForm {
  email: string;
  error: string | null;
  next: string | null;
}

export function signInPage(deps: MonitorDeps, visitor: Visitor, form: AuthForm): Html {
  const action = form.next ? `/accounts/login/?next=${encodeURIComponent(form.next)}` : "/accounts/login/";
  return layout(
    deps,
    { title: "Sign in", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Sign in to ${deps.config.siteName}</h1>
  ${form.error ? html`<p class="flash error" role="alert">${form.error}</p>` : null}
  <form method="post" action="${action}">
    ${csrfField(visitor)}
    <label>E-mail address <input type="email" name="email" value="${form.email}" autocomplete="username" required autofocus></label>
    <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
    <button type="submit" class="primary wide">Sign in</button>
  </form>
  <p class="muted center"><a href="/accounts/password_reset/">Forgot your password?</a> · No account yet? <a href="/accounts/signup/">Sign up</a></p>
</section>`,
  );
}

export function signUpPage(deps: MonitorDeps, visitor: Visitor, form: AuthForm): Html {
  return layout(
    deps,
    { title: "Sign up", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Create your account</h1>
  <p class="muted">Monitor your cron jobs and background tasks: get alerted when they do not check in on time.</p>
  ${form.error ? html`<p class="flash error" role="alert">${form.error}</p>` : null}
  <form method="post" action="/accounts/signup/">
    ${csrfField(visitor)}
    <label>E-mail address <input type="email" name="email" value="${form.email}" autocomplete="username" required autofocus></label>
    <label>Password <input type="password" name="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
      <small class="muted">At least ${MIN_PASSWORD_LENGTH} characters.</small></label>
    <button type="submit" class="primary wide">Sign up</button>
  </form>
  <p class="muted center">Already have an account? <a href="/accounts/login/">Sign in</a></p>
</section>`,
  );
}

/** After signing up with the address of an account made by the CLI. */
export function claimSentPage(deps: MonitorDeps, visitor: Visitor, email: string): Html {
  return layout(
    deps,
    { title: "Check your e-mail", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Check your e-mail</h1>
  <p>An account for <strong>${email}</strong> was set up by the site's operator. We have sent a link to that address: follow it to set your password and sign in.</p>
  <p class="muted">The link works once, within a day.</p>
</section>`,
  );
}

export function claimPage(deps: MonitorDeps, visitor: Visitor, form: { email: string; token: string; error: string | null }): Html {
  return layout(
    deps,
    { title: "Set your password", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Set your password</h1>
  <p class="muted">For ${form.email}</p>
  ${form.error ? html`<p class="flash error" role="alert">${form.error}</p>` : null}
  <form method="post" action="/accounts/claim/${form.token}/">
    ${csrfField(visitor)}
    <label>Password <input type="password" name="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus>
      <small class="muted">At least ${MIN_PASSWORD_LENGTH} characters.</small></label>
    <button type="submit" class="primary wide">Set password and sign in</button>
  </form>
</section>`,
  );
}
