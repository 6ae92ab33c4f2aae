// "Forgot your password?": a link mailed to the account's address sets a new one. The link is
// signed under the server secret and names the account, an expiry, and a fingerprint of the
// current password hash, so nothing is stored and it works once: setting a password changes
// the hash. Requests are throttled per address, and the answer never says whether an account
// exists.
import { sameSecret } from "@beacon/platform";
import { createHash, createHmac } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../lib/passwords.js";
import type { Account } from "../store/schema.js";
import { deleteSessionsOf, findAccountByEmailFolded, findAccountById, findPasswordHash, upsertPasswordHash } from "../store/web-accounts.js";
import { sendAccountMail } from "./account-mail.js";
import { authorize } from "./throttle.js";
import { normalizeEmail } from "./web-accounts.js";

export const RESET_LINK_HOURS = 1;
const TOKEN = /^([0-9]+)\.([0-9]+)\.([A-Za-z0-9_-]{43})$/;

function signature(deps: MonitorDeps, account: Account, passwordHash: string, expires: number): string {
  const fingerprint = createHash("sha256").update(passwordHash).digest("hex");
  return createHmac("sha256", deps.secretKey).update(`reset:${account.id}:${account.email.toLowerCase()}:${fingerprint}:${expires}`).digest("base64url");
}

export function resetLink(deps: MonitorDeps, account: Account, passwordHash: string): string {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + RESET_LINK_HOURS * 3600;
  return `${deps.config.siteRoot}/accounts/password_reset/${account.id}.${expires}.${signature(deps, account, passwordHash, expires)}/`;
}

export type ResetRequest = "sent" | "unsent" | "throttled";

/** "sent" also when no account has the address: the page says the same either way. */
export async function requestPasswordReset(deps: MonitorDeps, email: string): Promise<ResetRequest> {
  const address = normalizeEmail(email);
  if (!deps.config.smtpHost) return "unsent";
  if (!(await authorize(deps, `reset:${address}`, 5, 3600))) return "throttled";
  const account = await findAccountByEmailFolded(deps.db, address);
  const hash = account ? await findPasswordHash(deps.db, account.id) : undefined;
  if (!account || hash === undefined) return "sent";
  await sendAccountMail(deps, account.email, {
    subject: `Set a new password on ${deps.config.siteName}`,
    paragraphs: [
      `Someone (hopefully you) asked to set a new password for ${account.email} on ${deps.config.siteName}. Follow the link below to choose one:`,
      resetLink(deps, account, hash),
      `The link works once, within ${RESET_LINK_HOURS} hour. If you did not ask for it, ignore this message: your password stays as it is.`,
    ],
  });
  return "sent";
}

export async function readResetLink(deps: MonitorDeps, token: string): Promise<Account | null> {
  const m = TOKEN.exec(token);
  const account = m ? await findAccountById(deps.db, Number(m[1])) : undefined;
  const hash = account ? await findPasswordHash(deps.db, account.id) : undefined;
  if (!m || !account || hash === undefined) return null;
  const expires = Number(m[2]);
  if (!sameSecret(m[3], signature(deps, account, hash, expires)) || expires * 1000 < deps.clock.now().getTime()) return null;
  return account;
}

export type ResetOutcome = { kind: "ok"; account: Account } | { kind: "bad_link" } | { kind: "short" };

/** Sets the new password and signs out every session (whoever held the old one). */
export async function resetPassword(deps: MonitorDeps, token: string, password: string): Promise<ResetOutcome> {
  const account = await readResetLink(deps, token);
  if (!account) return { kind: "bad_link" };
  if ([...password].length < MIN_PASSWORD_LENGTH) return { kind: "short" };
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await upsertPasswordHash(trx, account.id, hash, deps.clock.now().getTime());
    await deleteSessionsOf(trx, account.id);
  });
  return { kind: "ok", account };
}
