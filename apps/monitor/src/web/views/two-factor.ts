// Setting up two-factor sign-in, and the second step of signing in.
import type { MonitorDeps } from "../../deps.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { csrfField, layout } from "./layout.js";

export function totpSetupPage(deps: MonitorDeps, visitor: Visitor, view: { secret: string; uri: string; sealed: string; error?: string }): Html {
  return layout(
    deps,
    { title: "Set up two-factor sign-in", visitor, narrow: true },
    html`<section class="card">
  <h1>Set up two-factor sign-in</h1>
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
  <ol class="setup-steps">
    <li>In your authenticator app (Google Authenticator, Aegis, 1Password, Bitwarden…), add an account with this key:
      <div class="copyable"><code id="totp-secret">${view.secret.replace(/(.{4})/g, "$1 ").trim()}</code><button type="button" class="small" data-copy-target="#totp-secret">Copy</button></div>
      <p class="hint">Or open <a href="${view.uri}">this otpauth link</a> on the phone that has the app. Time-based, 6 digits, every 30 seconds.</p></li>
    <li>Type the code the app shows:
      <form method="post" action="/accounts/two_factor/setup/" class="row-form">
        ${csrfField(visitor)}<input type="hidden" name="sealed" value="${view.sealed}">
        <input name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" placeholder="123456" aria-label="Code from the app" required autofocus>
        <button type="submit" class="primary">Turn on</button>
      </form></li>
  </ol>
  <p><a href="/accounts/profile/">Cancel</a></p>
</section>`,
  );
}

export function secondFactorPage(deps: MonitorDeps, visitor: Visitor, view: { pending: string; action: string; error?: string }): Html {
  return layout(
    deps,
    { title: "Two-factor sign-in", visitor, narrow: true },
    html`<section class="card auth">
  <h1>Enter your code</h1>
  <p class="muted">Open your authenticator app and type the code it shows for ${deps.config.siteName}, or one of your recovery codes.</p>
  ${view.error ? html`<p class="flash error" role="alert">${view.error}</p>` : null}
  <form method="post" action="${view.action}">
    ${csrfField(visitor)}<input type="hidden" name="pending" value="${view.pending}">
    <label>Code <input name="code" autocomplete="one-time-code" required autofocus spellcheck="false"></label>
    <button type="submit" class="primary wide">Sign in</button>
  </form>
</section>`,
  );
}
