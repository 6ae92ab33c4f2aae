// The links e-mails carry: /integrations/<uuid>/verify/<token>/ marks an address verified;
// /integrations/<uuid>/unsub/<signed token>/ asks for confirmation on GET and disables the
// integration on POST (also the one-click POST of List-Unsubscribe-Post). Upstream's paths.
import { unsubscribeEmail, verifyEmail, type UnsubOutcome } from "../../actions/email-verification.js";
import type { PageContext, WebRouter } from "../context.js";
import { pageResponse, WebError, type WebResponse } from "../respond.js";
import { badLinkPage, emailVerifiedPage, unsubscribeConfirmPage, unsubscribedPage } from "../views/email-links.js";

const notFound = () => new WebError(404, "This integration does not exist.");

function unsubPage(ctx: PageContext, outcome: UnsubOutcome): WebResponse {
  if (outcome.kind === "not_found") throw notFound();
  if (outcome.kind === "bad_link") return pageResponse(badLinkPage(ctx.deps, ctx.visitor));
  if (outcome.kind === "confirm") return pageResponse(unsubscribeConfirmPage(ctx.deps, ctx.visitor, outcome.autosubmit));
  return pageResponse(unsubscribedPage(ctx.deps, ctx.visitor));
}

export function emailLinkRoutes(web: WebRouter): void {
  web.publicGet("/integrations/:uuid/verify/:token/", async (ctx) => {
    const outcome = await verifyEmail(ctx.deps, ctx.params.uuid, ctx.params.token);
    if (outcome === "not_found") throw notFound();
    return pageResponse(outcome === "verified" ? emailVerifiedPage(ctx.deps, ctx.visitor) : badLinkPage(ctx.deps, ctx.visitor));
  });

  web.publicGet("/integrations/:uuid/unsub/:signed/", async (ctx) => unsubPage(ctx, await unsubscribeEmail(ctx.deps, ctx.params.uuid, ctx.params.signed, false)));
  web.signedLinkPost("/integrations/:uuid/unsub/:signed/", async (ctx) => unsubPage(ctx, await unsubscribeEmail(ctx.deps, ctx.params.uuid, ctx.params.signed, true)));
}
