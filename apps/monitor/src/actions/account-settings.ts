// The account page's writes: change the password, sign out the other sessions, and change the
// e-mail address. As upstream, a new address takes effect only when the link mailed to it is
// followed, so nobody can move an account to an address they do not read. The link is signed
// under the server secret and names the account, its current and its new address, and an
// expiry; once the address has changed (or the new one is taken) it no longer works.
import { sameSecret } from "@beacon/platform";
import { createHmac } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { sendEmailChangeMail } from "../integrations/email/transport.js";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "../lib/passwords.js";
import type { Account } from "../store/schema.js";
import { deleteOtherSessions, findAccountByEmailFolded, findAccountById, findPasswordHash, setAccountEmail, upsertPasswordHash } from "../store/web-accounts.js";
import { EMAIL, MAX_EMAIL, normalizeEmail, sessionTokenHash } from "./web-accounts.js";

export const EMAIL_CHANGE_LINK_HOURS = 24;

async function passwordMatches(deps: MonitorDeps, account: Account, password: string): Promise<boolean> {
  const stored = await findPasswordHash(deps.db, account.id);
  return stored !== undefined && (await verifyPassword(password, stored));
}

export type PasswordChange = { kind: "ok" } | { kind: "wrong" } | { kind: "short" };

/** Replaces the password and signs out every other session (a stolen one stops working). */
export async function changePassword(deps: MonitorDeps, account: Account, sessionToken: string, current: string, next: string): Promise<PasswordChange> {
  if (!(await passwordMatches(deps, account, current))) return { kind: "wrong" };
  if ([...next].length < MIN_PASSWORD_LENGTH) return { kind: "short" };
  const hash = await hashPassword(next);
  await deps.db.transaction().execute(async (trx) => {
    await upsertPasswordHash(trx, account.id, hash, deps.clock.now().getTime());
    await deleteOtherSessions(trx, account.id, sessionTokenHash(sessionToken));
  });
  return { kind: "ok" };
}

export async function signOutOtherSessions(deps: MonitorDeps, account: Account, sessionToken: string): Promise<number> {
  return deleteOtherSessions(deps.db, account.id, sessionTokenHash(sessionToken));
}

const TOKEN = /^([0-9]+)\.([0-9]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

function signature(deps: MonitorDeps, account: Account, newEmail: string, expires: number): string {
  return createHmac("sha256", deps.secretKey).update(`change-email:${account.id}:${account.email.toLowerCase()}:${newEmail}:${expires}`).digest("base64url");
}

export function emailChangeLink(deps: MonitorDeps, account: Account, newEmail: string): string {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + EMAIL_CHANGE_LINK_HOURS * 3600;
  const encoded = Buffer.from(newEmail, "utf8").toString("base64url");
  return `${deps.config.siteRoot}/accounts/change_email/${account.id}.${expires}.${encoded}.${signature(deps, account, newEmail, expires)}/`;
}

export type EmailChangeRequest = { kind: "sent"; email: string } | { kind: "wrong" } | { kind: "invalid" } | { kind: "same" } | { kind: "taken" } | { kind: "unsent" };

export async function requestEmailChange(deps: MonitorDeps, account: Account, input: { email: string; password: string }): Promise<EmailChangeRequest> {
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email) || email.length > MAX_EMAIL) return { kind: "invalid" };
  if (!(await passwordMatches(deps, account, input.password))) return { kind: "wrong" };
  if (email === account.email.toLowerCase()) return { kind: "same" };
  if (await findAccountByEmailFolded(deps.db, email)) return { kind: "taken" };
  if (!deps.config.smtpHost) return { kind: "unsent" };
  try {
    await sendEmailChangeMail(deps.config, email, emailChangeLink(deps, account, email), EMAIL_CHANGE_LINK_HOURS);
  } catch (error) {
    deps.log.error({ err: error, account: account.id }, "sending the e-mail change link failed");
    return { kind: "unsent" };
  }
  return { kind: "sent", email };
}

export type EmailChangeOutcome = { kind: "changed"; email: string } | { kind: "bad_link" } | { kind: "taken" };

/** Follows a link: the signed-in account must be the one it names (the route requires sign-in). */
export async function confirmEmailChange(deps: MonitorDeps, signedIn: Account, token: string): Promise<EmailChangeOutcome> {
  const m = TOKEN.exec(token);
  const account = m ? await findAccountById(deps.db, Number(m[1])) : undefined;
  if (!m || !account || account.id !== signedIn.id) return { kind: "bad_link" };
  const expires = Number(m[2]);
  const email = Buffer.from(m[3], "base64url").toString("utf8");
  if (!sameSecret(m[4], signature(deps, account, email, expires)) || expires * 1000 < deps.clock.now().getTime()) return { kind: "bad_link" };
  return deps.db.transaction().execute(async (trx) => {
    if (await findAccountByEmailFolded(trx, email)) return { kind: "taken" } as const;
    await setAccountEmail(trx, account.id, email);
    return { kind: "changed", email } as const;
  });
}
