// "Forgot your password?": the request form, and the page behind the mailed link.
import { readResetLink, requestPasswordReset, resetPassword } from "../../actions/password-reset.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";
import { redirectAfter, type WebRouter } from "../context.js";
import { pageResponse, WebError } from "../respond.js";
import { resetPasswordPage, resetRequestPage } from "../views/password-reset.js";

const BAD_LINK = "This link is not valid, was used already, or has expired. Ask for a new one.";

export function passwordResetRoutes(web: WebRouter): void {
  web.publicGet("/accounts/password_reset/", (ctx) => pageResponse(resetRequestPage(ctx.deps, ctx.visitor)));

  web.publicPost("/accounts/password_reset/", async (ctx) => {
    const outcome = await requestPasswordReset(ctx.deps, ctx.form.get("email") ?? "");
    if (outcome === "unsent") return pageResponse(resetRequestPage(ctx.deps, ctx.visitor, "This site cannot send e-mail: ask its operator to set a new password for you."), 400);
    if (outcome === "throttled") return pageResponse(resetRequestPage(ctx.deps, ctx.visitor, "Too many attempts, please try later."), 429);
    return redirectAfter(ctx, "/accounts/login/", { kind: "ok", text: "If an account uses that address, we sent it a link to set a new password. It works for an hour." });
  });

  web.publicGet("/accounts/password_reset/:token/", async (ctx) => {
    const account = await readResetLink(ctx.deps, ctx.params.token);
    if (!account) throw new WebError(400, BAD_LINK);
    return pageResponse(resetPasswordPage(ctx.deps, ctx.visitor, { email: account.email, token: ctx.params.token }));
  });

  web.publicPost("/accounts/password_reset/:token/", async (ctx) => {
    const outcome = await resetPassword(ctx.deps, ctx.params.token, ctx.form.get("password") ?? "");
    if (outcome.kind === "bad_link") throw new WebError(400, BAD_LINK);
    if (outcome.kind === "short") {
      const account = await readResetLink(ctx.deps, ctx.params.token);
      return pageResponse(resetPasswordPage(ctx.deps, ctx.visitor, { email: account?.email ?? "", token: ctx.params.token, error: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.` }), 400);
    }
    return redirectAfter(ctx, "/accounts/login/", { kind: "ok", text: "Your password is set: sign in with it." });
  });
}
