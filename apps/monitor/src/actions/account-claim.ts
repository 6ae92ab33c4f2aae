// Claiming an account made by the CLI (`create-project --owner EMAIL`), which has no password:
// the only way in is a link mailed to the address, as the upstream signs people in by links
// it mails. The link names the account and an expiry, signed under the server secret; it
// sets the first password, so it works once: after that the account has one.
import { sameSecret } from "@beacon/platform";
import { createHmac } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../lib/passwords.js";
import type { Account } from "../store/schema.js";
import { findAccountById, findPasswordHash, insertPasswordHash } from "../store/web-accounts.js";
import { sendClaimMail } from "../integrations/email/transport.js";

/** How long a claim link works. */
export const CLAIM_LINK_HOURS = 24;

const TOKEN = /^([0-9]+)\.([0-9]+)\.([A-Za-z0-9_-]{43})$/;

function signature(deps: MonitorDeps, account: Account, expires: number): string {
  return createHmac("sha256", deps.secretKey).update(`claim:${account.id}:${account.email.toLowerCase()}:${expires}`).digest("base64url");
}

export function claimLink(deps: MonitorDeps, account: Account): string {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + CLAIM_LINK_HOURS * 3600;
  return `${deps.config.siteRoot}/accounts/claim/${account.id}.${expires}.${signature(deps, account, expires)}/`;
}

/** Mails the link; false when no SMTP server is configured or sending failed (logged). */
export async function sendClaimLink(deps: MonitorDeps, account: Account): Promise<boolean> {
  if (!deps.config.smtpHost) {
    deps.log.warn({ account: account.id }, "no SMTP server configured: the link to claim the account was not sent");
    return false;
  }
  try {
    await sendClaimMail(deps.config, account.email, claimLink(deps, account), CLAIM_LINK_HOURS);
    return true;
  } catch (error) {
    deps.log.error({ err: error, account: account.id }, "sending the link to claim the account failed");
    return false;
  }
}

export type ClaimOutcome = { kind: "ok"; account: Account } | { kind: "bad_link" } | { kind: "used" } | { kind: "invalid"; message: string };

/** The account a link may claim: signed by us, not expired, still without a password. */
export async function readClaimLink(deps: MonitorDeps, token: string): Promise<ClaimOutcome> {
  const m = TOKEN.exec(token);
  const account = m ? await findAccountById(deps.db, Number(m[1])) : undefined;
  if (!m || !account) return { kind: "bad_link" };
  const expires = Number(m[2]);
  if (!sameSecret(m[3], signature(deps, account, expires)) || expires * 1000 < deps.clock.now().getTime()) return { kind: "bad_link" };
  if ((await findPasswordHash(deps.db, account.id)) !== undefined) return { kind: "used" };
  return { kind: "ok", account };
}

export async function claimAccount(deps: MonitorDeps, token: string, password: string): Promise<ClaimOutcome> {
  const link = await readClaimLink(deps, token);
  if (link.kind !== "ok") return link;
  if ([...password].length < MIN_PASSWORD_LENGTH) return { kind: "invalid", message: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.` };
  const hash = await hashPassword(password);
  // Two tabs submitting the same link: the second finds a password already set.
  if (!(await insertPasswordHash(deps.db, link.account.id, hash, deps.clock.now().getTime()))) return { kind: "used" };
  return link;
}
