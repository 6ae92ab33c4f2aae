// The account page (/accounts/profile/, the upstream's URL) and the link that confirms a new
// e-mail address.
import { changePassword, confirmEmailChange, requestEmailChange, signOutOtherSessions, type EmailChangeRequest } from "../../actions/account-settings.js";
import { countSessionsOf, findAccountById } from "../../store/web-accounts.js";
import { closeAccount } from "../../actions/close-account.js";
import { REPORT_SALT, stopMonthlyReports } from "../../actions/monthly-reports.js";
import { disableTwoFactor } from "../../actions/two-factor.js";
import { readSignedPayload } from "../../lib/signing.js";
import { findProfile, updateProfile } from "../../store/web-profiles.js";
import { redirectAfter, type PageContext, type SignedInContext, type WebRouter } from "../context.js";
import { storeFlash } from "../flash.js";
import { newToken, setSessionCookie } from "../session.js";
import { reportsUnsubscribePage } from "../views/email-links.js";
import { pageResponse, redirectTo, WebError, type WebResponse } from "../respond.js";
import { accountPage } from "../views/account.js";
import { MIN_PASSWORD_LENGTH } from "../../lib/passwords.js";

type Flash = { kind: "ok" | "error"; text: string };

const HERE = "/accounts/profile/";

async function render(ctx: SignedInContext, flash: Flash | null = null): Promise<WebResponse> {
  const sessions = await countSessionsOf(ctx.deps.db, ctx.account.id, ctx.deps.clock.now().getTime());
  const account = (await findAccountById(ctx.deps.db, ctx.account.id)) ?? ctx.account;
  const profile = await findProfile(ctx.deps.db, ctx.account.id);
  const codes = ctx.visitor.flash?.secrets?.recovery_codes;
  return pageResponse(
    accountPage(ctx.deps, ctx.visitor, { account, profile, recoveryCodes: codes ? codes.split("\n") : undefined, otherSessions: Math.max(0, sessions - 1), flash }),
    flash?.kind === "error" ? 400 : 200,
  );
}

const EMAIL_FLASH: Record<Exclude<EmailChangeRequest["kind"], "sent">, string> = {
  wrong: "The password is not right.",
  invalid: "Please enter a valid e-mail address.",
  same: "That is your current address already.",
  taken: "Another account uses that address already.",
  unsent: "This site cannot send e-mail (no SMTP server is configured), so the address cannot be confirmed: ask the operator.",
};

async function reportsUnsubscribe(ctx: PageContext, confirmed: boolean): Promise<WebResponse> {
  // The link is good for a year: reports are monthly, and an old one should still work.
  const payload = readSignedPayload(ctx.params.signed, ctx.deps.secretKey, REPORT_SALT, ctx.deps.clock.now().getTime(), 366 * 86400) as { a?: unknown } | null;
  if (!payload || typeof payload.a !== "number") throw new WebError(400, "This link is not valid. Change the monthly report on your account page instead.");
  if (!confirmed) return pageResponse(reportsUnsubscribePage(ctx.deps, ctx.visitor, false));
  await stopMonthlyReports(ctx.deps, payload.a);
  return pageResponse(reportsUnsubscribePage(ctx.deps, ctx.visitor, true));
}

export function accountRoutes(web: WebRouter): void {
  web.get("/accounts/profile/", (ctx) => render(ctx, ctx.query.get("changed") === "email" ? { kind: "ok", text: "Your e-mail address has been changed." } : null));

  web.post("/accounts/profile/", async (ctx) => {
    switch (ctx.form.get("action")) {
      case "password": {
        const outcome = await changePassword(ctx.deps, ctx.account, ctx.visitor.token, ctx.form.get("current") ?? "", ctx.form.get("password") ?? "");
        if (outcome.kind === "wrong") return render(ctx, { kind: "error", text: "The current password is not right." });
        if (outcome.kind === "short") return render(ctx, { kind: "error", text: `The new password must be at least ${MIN_PASSWORD_LENGTH} characters long.` });
        return redirectAfter(ctx, HERE, { kind: "ok", text: "Your password has been changed; your other sessions are signed out." });
      }
      case "email": {
        const outcome = await requestEmailChange(ctx.deps, ctx.account, { email: ctx.form.get("email") ?? "", password: ctx.form.get("password") ?? "" });
        if (outcome.kind !== "sent") return render(ctx, { kind: "error", text: EMAIL_FLASH[outcome.kind] });
        return redirectAfter(ctx, HERE, { kind: "ok", text: `We sent a link to ${outcome.email}: follow it to confirm the new address.` });
      }
      case "sessions": {
        const ended = await signOutOtherSessions(ctx.deps, ctx.account, ctx.visitor.token);
        return redirectAfter(ctx, HERE, { kind: "ok", text: ended === 1 ? "1 other session signed out." : `${ended} other sessions signed out.` });
      }
      case "disable_2fa": {
        if (!(await disableTwoFactor(ctx.deps, ctx.account, ctx.form.get("password") ?? ""))) return render(ctx, { kind: "error", text: "The password is not right." });
        return redirectAfter(ctx, HERE, { kind: "ok", text: "Two-factor sign-in is off." });
      }
      case "preferences": {
        const theme = ctx.form.get("theme");
        if (theme !== "system" && theme !== "light" && theme !== "dark") throw new WebError(400, "Unknown appearance.");
        await updateProfile(ctx.deps.db, ctx.account.id, { theme, reports: ctx.form.get("reports") === "1" ? 1 : 0 });
        return redirectAfter(ctx, HERE, { kind: "ok", text: "Preferences saved." });
      }
      default:
        throw new WebError(400, "Unknown action.");
    }
  });

  web.post("/accounts/close/", async (ctx) => {
    if (!(await closeAccount(ctx.deps, ctx.account, ctx.form.get("password") ?? ""))) return render(ctx, { kind: "error", text: "The password is not right: the account is still open." });
    // A new anonymous session, which carries the last word to the sign-in page.
    const token = newToken();
    setSessionCookie(ctx.deps, ctx.reply, token, false);
    await storeFlash(ctx.deps, token, { kind: "ok", text: "Your account is closed, and the projects you owned are deleted." });
    return redirectTo("/accounts/login/");
  });

  // A link in every monthly report: no sign-in, the signature is the authority (as e-mail unsubscribes).
  web.publicGet("/accounts/reports/unsubscribe/:signed/", (ctx) => reportsUnsubscribe(ctx, false));
  web.signedLinkPost("/accounts/reports/unsubscribe/:signed/", (ctx) => reportsUnsubscribe(ctx, true));

  // Sign-in comes first (then back here), so the link only works for the account it names.
  web.get("/accounts/change_email/:token/", async (ctx) => {
    const outcome = await confirmEmailChange(ctx.deps, ctx.account, ctx.params.token);
    if (outcome.kind === "taken") throw new WebError(400, "Another account uses that address already.");
    if (outcome.kind === "bad_link") throw new WebError(400, "This link is not valid, has been used, or has expired. Ask for a new one on your account page.");
    return redirectTo("/accounts/profile/?changed=email");
  });
}
