// Sign-up, sign-in, sign-out, and claiming an account made by the CLI.
import { claimAccount, readClaimLink, type ClaimOutcome } from "../../actions/account-claim.js";
import { createFirstProject } from "../../actions/first-project.js";
import { endSession, signIn, signUp, startSession } from "../../actions/web-accounts.js";
import { forwardedClientAddress } from "@beacon/platform";
import { authorizeSignUpFrom } from "../../actions/throttle.js";
import { safeNext, type PageContext, type WebRouter } from "../context.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../respond.js";
import { newToken, readCookie, setSessionCookie } from "../session.js";
import { claimPage, claimSentPage, signInPage, signUpPage } from "../views/auth.js";
import { hasTwoFactor, sealPendingSignIn } from "../../actions/two-factor.js";
import { secondFactorPage } from "../views/two-factor.js";

/** The browser's device token (actions/web-accounts.ts signIn), kept a year. */
const DEVICE_COOKIE = "beacon_monitor_device";

function setDeviceCookie(ctx: PageContext, token: string): void {
  const parts = [`${DEVICE_COOKIE}=${token}`, "Path=/accounts/", "HttpOnly", "SameSite=Lax", `Max-Age=${365 * 86400}`];
  if (ctx.deps.config.siteRoot.startsWith("https:")) parts.push("Secure");
  ctx.reply.header("set-cookie", parts.join("; "));
}

/** The client's address for throttles: behind a trusted proxy, the last X-Forwarded-For hop. */
const clientOf = (ctx: PageContext) => forwardedClientAddress(ctx.request.headers, ctx.request.socket.remoteAddress, ctx.deps.config.trustProxy);

async function beginSession(ctx: PageContext, accountId: number, next: string | null): Promise<WebResponse> {
  const token = await startSession(ctx.deps, accountId);
  setSessionCookie(ctx.deps, ctx.reply, token, true);
  return redirectTo(next ?? "/projects/");
}

const SIGN_UP_ERRORS = {
  taken: "An account with this e-mail address exists already. Sign in instead.",
  closed: "Sign-up of new accounts is closed on this site.",
  unsent: "An account with this e-mail address was set up by the site's operator, but this site cannot send e-mail: ask the operator to set a password for it.",
};

// compat: the upstream's form error for a throttled sign-in.
const THROTTLED = "Too many attempts, please try later.";

/** A claim link that cannot be used: refused, or already used (the account has a password now). */
function claimRefusal(outcome: ClaimOutcome): never {
  if (outcome.kind === "used") throw new WebError(400, "This link has been used already: the account has a password. Sign in instead.");
  throw new WebError(400, "This link is not valid, or it has expired. Sign up again with your e-mail address to get a new one.");
}

export function authRoutes(web: WebRouter): void {
  web.publicGet("/", (ctx) => redirectTo(ctx.visitor.account ? "/projects/" : "/accounts/login/"));

  web.publicGet("/accounts/login/", (ctx) => {
    const next = safeNext(ctx.query.get("next"));
    if (ctx.visitor.account) return redirectTo(next ?? "/projects/");
    return pageResponse(signInPage(ctx.deps, ctx.visitor, { email: "", error: null, next }));
  });

  web.publicPost("/accounts/login/", async (ctx) => {
    const next = safeNext(ctx.query.get("next"));
    const email = ctx.form.get("email") ?? "";
    const device = readCookie(ctx.request, DEVICE_COOKIE);
    const outcome = await signIn(ctx.deps, { email, password: ctx.form.get("password") ?? "", clientAddress: clientOf(ctx), device });
    if (outcome.kind === "throttled") {
      ctx.reply.header("retry-after", String(outcome.retryAfterSeconds));
      return pageResponse(signInPage(ctx.deps, ctx.visitor, { email, error: THROTTLED, next }), 429);
    }
    if (outcome.kind === "wrong") return pageResponse(signInPage(ctx.deps, ctx.visitor, { email, error: "Incorrect e-mail address or password.", next }), 400);
    if (await hasTwoFactor(ctx.deps, outcome.account.id)) {
      // The password was right: the code comes next (routes/two-factor.ts), sealed to this visitor.
      const pending = sealPendingSignIn(ctx.deps, ctx.visitor.token, outcome.account.id);
      const action = next ? `/accounts/login/two_factor/?next=${encodeURIComponent(next)}` : "/accounts/login/two_factor/";
      return pageResponse(secondFactorPage(ctx.deps, ctx.visitor, { pending, action }));
    }
    const response = await beginSession(ctx, outcome.account.id, next);
    setDeviceCookie(ctx, outcome.device);
    return response;
  });

  web.publicGet("/accounts/signup/", (ctx) => {
    if (ctx.visitor.account) return redirectTo("/projects/");
    return pageResponse(signUpPage(ctx.deps, ctx.visitor, { email: "", error: null, next: null }));
  });

  web.publicPost("/accounts/signup/", async (ctx) => {
    const email = ctx.form.get("email") ?? "";
    if (!(await authorizeSignUpFrom(ctx.deps, clientOf(ctx)))) return pageResponse(signUpPage(ctx.deps, ctx.visitor, { email, error: THROTTLED, next: null }), 429);
    const outcome = await signUp(ctx.deps, { email, password: ctx.form.get("password") ?? "" });
    if (outcome.kind === "ok") {
      // As upstream, a new account starts with a project and a first check, shown at once.
      const project = await createFirstProject(ctx.deps, outcome.account);
      return beginSession(ctx, outcome.account.id, `/projects/${project.uuid}/checks/`);
    }
    if (outcome.kind === "claim" && outcome.sent) return pageResponse(claimSentPage(ctx.deps, ctx.visitor, email));
    const error = outcome.kind === "invalid" ? outcome.message : SIGN_UP_ERRORS[outcome.kind === "claim" ? "unsent" : outcome.kind];
    return pageResponse(signUpPage(ctx.deps, ctx.visitor, { email, error, next: null }), 400);
  });

  web.publicGet("/accounts/claim/:token/", async (ctx) => {
    const link = await readClaimLink(ctx.deps, ctx.params.token);
    if (link.kind !== "ok") claimRefusal(link);
    return pageResponse(claimPage(ctx.deps, ctx.visitor, { email: link.account.email, token: ctx.params.token, error: null }));
  });

  web.publicPost("/accounts/claim/:token/", async (ctx) => {
    const outcome = await claimAccount(ctx.deps, ctx.params.token, ctx.form.get("password") ?? "");
    if (outcome.kind === "ok") return beginSession(ctx, outcome.account.id, null);
    if (outcome.kind !== "invalid") claimRefusal(outcome);
    const link = await readClaimLink(ctx.deps, ctx.params.token);
    const email = link.kind === "ok" ? link.account.email : "";
    return pageResponse(claimPage(ctx.deps, ctx.visitor, { email, token: ctx.params.token, error: outcome.message }), 400);
  });

  web.post("/accounts/logout/", async (ctx) => {
    await endSession(ctx.deps, ctx.visitor.token);
    setSessionCookie(ctx.deps, ctx.reply, newToken(), false);
    return redirectTo("/accounts/login/");
  });
}
