// Two-factor sign-in: setting it up from the account page, and the code asked after the password.
import { checkSecondFactor, confirmTotpSetup, openPendingSignIn, pendingSeed, startTotpSetup } from "../../actions/two-factor.js";
import { startSession } from "../../actions/web-accounts.js";
import { base32, otpauthUri } from "../../lib/totp.js";
import { findProfile } from "../../store/web-profiles.js";
import { redirectAfter, safeNext, type WebRouter } from "../context.js";
import { pageResponse, redirectTo } from "../respond.js";
import { setSessionCookie } from "../session.js";
import { secondFactorPage, totpSetupPage } from "../views/two-factor.js";

export function twoFactorRoutes(web: WebRouter): void {
  web.get("/accounts/two_factor/setup/", async (ctx) => {
    if ((await findProfile(ctx.deps.db, ctx.account.id)).totp_secret) return redirectTo("/accounts/profile/#two-factor");
    const { seed, sealed } = startTotpSetup(ctx.deps, ctx.visitor.token);
    return pageResponse(totpSetupPage(ctx.deps, ctx.visitor, { secret: base32(seed), uri: otpauthUri(seed, ctx.deps.config.siteName, ctx.account.email), sealed }));
  });

  web.post("/accounts/two_factor/setup/", async (ctx) => {
    const sealed = ctx.form.get("sealed") ?? "";
    const outcome = await confirmTotpSetup(ctx.deps, ctx.account, ctx.visitor.token, sealed, ctx.form.get("code") ?? "");
    if (outcome.kind === "enabled") {
      return redirectAfter(ctx, "/accounts/profile/#two-factor", { kind: "ok", text: "Two-factor sign-in is on.", secrets: { recovery_codes: outcome.recoveryCodes.join("\n") } });
    }
    const seed = outcome.kind === "wrong_code" ? pendingSeed(ctx.deps, ctx.visitor.token, sealed) : null;
    if (!seed) return redirectTo("/accounts/two_factor/setup/");
    const error = "That code does not match: check the key in the app and its clock, and type the code it shows now.";
    return pageResponse(totpSetupPage(ctx.deps, ctx.visitor, { secret: base32(seed), uri: otpauthUri(seed, ctx.deps.config.siteName, ctx.account.email), sealed, error }), 400);
  });

  web.publicPost("/accounts/login/two_factor/", async (ctx) => {
    const next = safeNext(ctx.query.get("next"));
    const pending = ctx.form.get("pending") ?? "";
    const accountId = openPendingSignIn(ctx.deps, ctx.visitor.token, pending);
    if (accountId === null) return redirectTo(next ? `/accounts/login/?next=${encodeURIComponent(next)}` : "/accounts/login/");
    const outcome = await checkSecondFactor(ctx.deps, accountId, ctx.form.get("code") ?? "");
    const action = ctx.request.url;
    if (outcome.kind === "throttled") return pageResponse(secondFactorPage(ctx.deps, ctx.visitor, { pending, action, error: "Too many attempts, please try later." }), 429);
    if (outcome.kind === "wrong") return pageResponse(secondFactorPage(ctx.deps, ctx.visitor, { pending, action, error: "That code is not right, or was used already." }), 400);
    const token = await startSession(ctx.deps, accountId);
    setSessionCookie(ctx.deps, ctx.reply, token, true);
    return redirectTo(next ?? "/projects/");
  });
}
