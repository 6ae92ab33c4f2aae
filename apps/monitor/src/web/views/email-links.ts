// Pages behind the links in e-mails: address verified, incorrect link, unsubscribe
// confirmation and done. They are open to visitors who are not signed in.
import type { MonitorDeps } from "../../deps.js";
import { html, type Html } from "../html.js";
import type { Visitor } from "../session.js";
import { layout } from "./layout.js";

function card(deps: MonitorDeps, visitor: Visitor, title: string, body: Html): Html {
  return layout(deps, { title, visitor, narrow: true }, html`<section class="card"><h1>${title}</h1>${body}</section>`);
}

export function emailVerifiedPage(deps: MonitorDeps, visitor: Visitor): Html {
  return card(deps, visitor, "Email Address Verified!", html`<p>Success! You have verified this email address, and it will now receive ${deps.config.siteName} notifications.</p>`);
}

export function badLinkPage(deps: MonitorDeps, visitor: Visitor): Html {
  return card(
    deps,
    visitor,
    "Incorrect Link",
    html`<p>The link you just used is incorrect. If you copy-pasted the link, please make sure you did not miss any characters.</p>`,
  );
}

/** No CSRF field: the form posts back to its own signed link. */
export function unsubscribeConfirmPage(deps: MonitorDeps, visitor: Visitor, autosubmit: boolean): Html {
  return card(
    deps,
    visitor,
    "Unsubscribe",
    html`<p>Please press the button below to unsubscribe:</p>
<form id="form" method="post"${autosubmit ? html` data-autosubmit` : null}><button type="submit" class="primary">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(deps: MonitorDeps, visitor: Visitor): Html {
  return card(deps, visitor, "Unsubscribed", html`<p>Your email address has been unsubscribed from ${deps.config.siteName} notifications.</p>`);
}

/** The monthly report's opt-out link: a button first (mail scanners open links), then done. */
export function reportsUnsubscribePage(deps: MonitorDeps, visitor: Visitor, done: boolean): Html {
  if (done) return card(deps, visitor, "Unsubscribed", html`<p>You will no longer receive monthly reports. Turn them back on from your account page.</p>`);
  return card(deps, visitor, "Monthly reports", html`<p>Stop the monthly report e-mails?</p><form method="post"><button type="submit" class="primary">Unsubscribe</button></form>`);
}
