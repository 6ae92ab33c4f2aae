// Dashboard sign-up, sign-in and sessions.
//
// Rule for accounts that exist without a password (made by `beacon monitor create-project
// --owner EMAIL`, which has no way to set one): the first person to sign up with that
// address sets its password and takes the account over, with its projects. Addresses are
// not verified (the monitor sends no sign-up mail), so an operator who provisions owners
// from the CLI should tell them to sign up promptly. See docs/dashboard.md.
import { createHash, randomBytes } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { randomToken } from "../lib/keys.js";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "../lib/passwords.js";
import { insertAccount } from "../store/projects.js";
import type { Account } from "../store/schema.js";
import {
  deleteExpiredSessions,
  deleteSession,
  findAccountByEmailFolded,
  findPasswordHash,
  insertPasswordHash,
  insertSession,
} from "../store/webAccounts.js";

export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86400 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 254;

export type SignUpOutcome = { kind: "ok"; account: Account } | { kind: "invalid"; field: "email" | "password"; message: string } | { kind: "taken" } | { kind: "closed" };

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
  const hash = await hashPassword(password);
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    let account = await findAccountByEmailFolded(trx, email);
    if (account && (await findPasswordHash(trx, account.id)) !== undefined) return { kind: "taken" };
    if (!account) {
      if (!deps.config.registrationOpen) return { kind: "closed" };
      account = await insertAccount(trx, {
        email,
        username: randomToken(30),
        check_limit: deps.config.defaultCheckLimit,
        ping_log_limit: deps.config.pingLogLimit,
        created: now,
      });
    }
    // A concurrent sign-up for the same password-less account loses here.
    if (!(await insertPasswordHash(trx, account.id, hash, now))) return { kind: "taken" };
    return { kind: "ok", account };
  });
}

// Verified against when the address is unknown, so a miss costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export async function signIn(deps: MonitorDeps, input: { email: string; password: string }): Promise<Account | null> {
  const account = await findAccountByEmailFolded(deps.db, normalizeEmail(input.email));
  const stored = account ? await findPasswordHash(deps.db, account.id) : undefined;
  if (!account || stored === undefined) {
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(input.password, await decoyHash);
    return null;
  }
  return (await verifyPassword(input.password, stored)) ? account : null;
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
