// Dashboard sign-up, sign-in and sessions.
//
// Accounts that exist without a password (made by `beacon monitor create-project --owner
// EMAIL`) are never handed to whoever signs up first with that address: signing up sends a
// link to the address (actions/account-claim.ts), and only its holder sets the password; or
// the operator sets one with `beacon monitor set-password`. See docs/dashboard.md.
import { createHash, randomBytes } from "node:crypto";
import { deviceToken, isDeviceToken, lockForTransaction } from "@beacon/platform";
import type { MonitorDeps } from "../deps.js";
import { randomToken } from "../lib/keys.js";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "../lib/passwords.js";
import { insertAccount } from "../store/projects.js";
import { sendClaimLink } from "./account-claim.js";
import { accountEmailLock } from "./projects.js";
import { authorizeLoginFrom, passwordThrottle } from "./throttle.js";
import type { Account } from "../store/schema.js";
import {
  deleteExpiredSessions,
  deleteSession,
  findAccountByEmailFolded,
  findPasswordHash,
  insertPasswordHash,
  upsertPasswordHash,
  deleteSessionsOf,
  insertSession,
} from "../store/web-accounts.js";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86400 * 1000;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL = 254;

export type SignUpOutcome =
  | { kind: "ok"; account: Account }
  | { kind: "invalid"; field: "email" | "password"; message: string }
  | { kind: "taken" }
  | { kind: "closed" }
  /** a password-less account: the link to claim it went (or could not go) to the address */
  | { kind: "claim"; sent: boolean };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkSignUp(email: string, password: string): SignUpOutcome | null {
  if (!EMAIL.test(email) || email.length > MAX_EMAIL) return { kind: "invalid", field: "email", message: "Please enter a valid e-mail address." };
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return { kind: "invalid", field: "password", message: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.` };
  }
  return null;
}

export async function signUp(deps: MonitorDeps, input: { email: string; password: string }): Promise<SignUpOutcome> {
  const email = normalizeEmail(input.email);
  const invalid = checkSignUp(email, input.password);
  if (invalid) return invalid;
  return doSignUp(deps, email, input.password);
}

async function doSignUp(deps: MonitorDeps, email: string, password: string): Promise<SignUpOutcome> {
  const existing = await findAccountByEmailFolded(deps.db, email);
  if (existing) {
    if ((await findPasswordHash(deps.db, existing.id)) !== undefined) return { kind: "taken" };
    return { kind: "claim", sent: await sendClaimLink(deps, existing) };
  }
  if (!deps.config.registrationOpen) return { kind: "closed" };
  const hash = await hashPassword(password);
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    // A concurrent sign-up (or the CLI) may have made the account meanwhile: it is not ours.
    // The lock makes that look see it on PostgreSQL too (the column's UNIQUE is case-sensitive).
    await lockForTransaction(trx, deps.dialect, accountEmailLock(email));
    if (await findAccountByEmailFolded(trx, email)) return { kind: "taken" };
    const account = await insertAccount(trx, {
      email,
      username: randomToken(30),
      check_limit: deps.config.defaultCheckLimit,
      ping_log_limit: deps.config.pingLogLimit,
      created: now,
    });
    await insertPasswordHash(trx, account.id, hash, now);
    return { kind: "ok", account };
  });
}

// Verified against when the address is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export type SignInOutcome = { kind: "ok"; account: Account; device: string } | { kind: "wrong" } | { kind: "throttled"; retryAfterSeconds: number };

const deviceSubject = (account: Account) => `monitor-account:${account.id}`;

/**
 * Throttled first (per client address, then per e-mail address, whether it exists or not,
 * apart for a browser the account signed in from before: `device`, the token it was given),
 * then checked against the stored hash, or against a decoy of the same cost when there is
 * none: the answer takes as long for an unknown address as for a wrong password. A success
 * hands out a new device token.
 */
export async function signIn(deps: MonitorDeps, input: { email: string; password: string; clientAddress: string; device?: string }): Promise<SignInOutcome> {
  const email = normalizeEmail(input.email);
  if (!(await authorizeLoginFrom(deps, input.clientAddress))) return { kind: "throttled", retryAfterSeconds: 36 };
  const account = await findAccountByEmailFolded(deps.db, email);
  const throttle = passwordThrottle(deps, email, account !== undefined && isDeviceToken(deps.secretKey, input.device, deviceSubject(account)));
  const wait = await throttle.waitMs();
  if (wait > 0) return { kind: "throttled", retryAfterSeconds: Math.ceil(wait / 1000) };
  const stored = account ? await findPasswordHash(deps.db, account.id) : undefined;
  if (!account || stored === undefined) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(input.password, await decoyHash);
    await throttle.failed();
    return { kind: "wrong" };
  }
  if (!(await verifyPassword(input.password, stored))) {
    await throttle.failed();
    return { kind: "wrong" };
  }
  await throttle.succeeded();
  return { kind: "ok", account, device: deviceToken(deps.secretKey, deviceSubject(account)) };
}

/**
 * The operator's way in for an account (`beacon monitor set-password`): sets or replaces its
 * password and signs out its sessions.
 */
export async function setPasswordByOperator(deps: MonitorDeps, email: string, password: string): Promise<"ok" | "unknown" | "short"> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return "short";
  const account = await findAccountByEmailFolded(deps.db, normalizeEmail(email));
  if (!account) return "unknown";
  const hash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    await upsertPasswordHash(trx, account.id, hash, deps.clock.now().getTime());
    await deleteSessionsOf(trx, account.id);
  });
  return "ok";
}

export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new session for the account; the returned token goes in the cookie and nowhere else. */
export async function startSession(deps: MonitorDeps, accountId: number): Promise<string> {
  const now = deps.clock.now().getTime();
  const token = randomBytes(32).toString("base64url");
  await deleteExpiredSessions(deps.db, now);
  await insertSession(deps.db, { token_hash: sessionTokenHash(token), account_id: accountId, created: now, expires: now + SESSION_MS });
  return token;
}

export async function endSession(deps: MonitorDeps, token: string): Promise<void> {
  await deleteSession(deps.db, sessionTokenHash(token));
}
