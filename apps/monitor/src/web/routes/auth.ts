// Sign-up, sign-in and sign-out.
import { endSession, signIn, signUp, startSession } from "../../actions/webAccounts.js";
import { safeNext, type PageContext, type WebRouter } from "../context.js";
import { pageResponse, redirectTo, type WebResponse } from "../respond.js";
import { newToken, setSessionCookie } from "../session.js";
import { signInPage, signUpPage } from "../views/auth.js";

async function beginSession(ctx: PageContext, accountId: number, next: string | null): Promise<WebResponse> {
  const token = await startSession(ctx.deps, accountId);
  setSessionCookie(ctx.deps, ctx.reply, token, true);
  return redirectTo(next ?? "/projects/");
}

const SIGN_UP_ERRORS = {
  taken: "An account with this e-mail address exists already. Sign in instead.",
  closed: "Sign-up of new accounts is closed on this site.",
};

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
    const account = await signIn(ctx.deps, { email, password: ctx.form.get("password") ?? "" });
    if (!account) return pageResponse(signInPage(ctx.deps, ctx.visitor, { email, error: "Incorrect e-mail address or password.", next }), 400);
    return beginSession(ctx, account.id, next);
  });

  web.publicGet("/accounts/signup/", (ctx) => {
    if (ctx.visitor.account) return redirectTo("/projects/");
    return pageResponse(signUpPage(ctx.deps, ctx.visitor, { email: "", error: null, next: null }));
  });

  web.publicPost("/accounts/signup/", async (ctx) => {
    const email = ctx.form.get("email") ?? "";
    const outcome = await signUp(ctx.deps, { email, password: ctx.form.get("password") ?? "" });
    if (outcome.kind === "ok") return beginSession(ctx, outcome.account.id, null);
    const error = outcome.kind === "invalid" ? outcome.message : SIGN_UP_ERRORS[outcome.kind];
    return pageResponse(signUpPage(ctx.deps, ctx.visitor, { email, error, next: null }), 400);
  });

  web.post("/accounts/logout/", async (ctx) => {
    await endSession(ctx.deps, ctx.visitor.token);
    setSessionCookie(ctx.deps, ctx.reply, newToken(), false);
    return redirectTo("/accounts/login/");
  });
}
