// Two-factor sign-in with a TOTP authenticator app, and recovery codes for a lost phone.
// The seed is kept encrypted (lib/secret-box.ts: the server must compute codes from it); a code
// works once (the last time step used is stored and only a later one is accepted); recovery
// codes are random, kept as SHA-256 hashes, compared in constant time, and each works once.
// Attempts are throttled per account (10 per 15 minutes), so six digits cannot be guessed.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { base32, matchTotp, newTotpSeed } from "../lib/totp.js";
import { openSecret, sealSecret } from "../lib/secret-box.js";
import { verifyPassword } from "../lib/passwords.js";
import type { Account } from "../store/schema.js";
import { findProfile, replaceRecoveryCodes, spendTotpStep, updateProfile } from "../store/web-profiles.js";
import { findPasswordHash } from "../store/web-accounts.js";
import { authorize } from "./throttle.js";

const SEED = "totp-seed";
const RECOVERY_CODES = 10;

const hashCode = (code: string) => createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** A new seed for the set-up page, sealed to this session: it is stored only once confirmed. */
export function startTotpSetup(deps: MonitorDeps, sessionToken: string): { seed: Buffer; sealed: string } {
  const seed = newTotpSeed();
  return { seed, sealed: sealSecret(deps.secretKey, `totp-setup:${sessionToken}`, seed) };
}

export function pendingSeed(deps: MonitorDeps, sessionToken: string, sealed: string): Buffer | null {
  return openSecret(deps.secretKey, `totp-setup:${sessionToken}`, sealed);
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const code = base32(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export type TotpSetup = { kind: "enabled"; recoveryCodes: string[] } | { kind: "wrong_code" } | { kind: "expired" };

/** Turns two-factor sign-in on once the app shows a matching code; returns the recovery codes, shown once. */
export async function confirmTotpSetup(deps: MonitorDeps, account: Account, sessionToken: string, sealed: string, code: string): Promise<TotpSetup> {
  const seed = pendingSeed(deps, sessionToken, sealed);
  if (!seed) return { kind: "expired" };
  const step = matchTotp(seed, code, deps.clock.now().getTime());
  if (step === null) return { kind: "wrong_code" };
  const codes = newRecoveryCodes();
  await updateProfile(deps.db, account.id, { totp_secret: sealSecret(deps.secretKey, SEED, seed), totp_last_step: step, recovery_codes: codes.map(hashCode).join(" ") });
  return { kind: "enabled", recoveryCodes: codes };
}

export async function disableTwoFactor(deps: MonitorDeps, account: Account, password: string): Promise<boolean> {
  const stored = await findPasswordHash(deps.db, account.id);
  if (stored === undefined || !(await verifyPassword(password, stored))) return false;
  await updateProfile(deps.db, account.id, { totp_secret: null, totp_last_step: null, recovery_codes: "" });
  return true;
}

export async function hasTwoFactor(deps: MonitorDeps, accountId: number): Promise<boolean> {
  return (await findProfile(deps.db, accountId)).totp_secret !== null;
}

export type SecondFactor = { kind: "ok"; usedRecoveryCode: boolean; left: number } | { kind: "wrong" } | { kind: "throttled" };

/** Checks a code from the app, or a recovery code (used up by this). */
export async function checkSecondFactor(deps: MonitorDeps, accountId: number, code: string): Promise<SecondFactor> {
  if (!(await authorize(deps, `totp:${accountId}`, 10, 900))) return { kind: "throttled" };
  const profile = await findProfile(deps.db, accountId);
  const seed = profile.totp_secret ? openSecret(deps.secretKey, SEED, profile.totp_secret) : null;
  if (!seed) return { kind: "wrong" };
  const codes = profile.recovery_codes.split(" ").filter(Boolean);
  const step = /^\s*\d{6}\s*$/.test(code) ? matchTotp(seed, code, deps.clock.now().getTime()) : null;
  if (step !== null) {
    // compare-and-set on the last step: a code seen once (or by a concurrent request) is spent.
    const spent = await spendTotpStep(deps.db, accountId, step);
    return spent ? { kind: "ok", usedRecoveryCode: false, left: codes.length } : { kind: "wrong" };
  }
  const given = Buffer.from(hashCode(code));
  const match = codes.find((hash) => timingSafeEqual(Buffer.from(hash), given));
  if (!match) return { kind: "wrong" };
  const rest = codes.filter((hash) => hash !== match);
  const used = await replaceRecoveryCodes(deps.db, accountId, profile.recovery_codes, rest.join(" "));
  return used ? { kind: "ok", usedRecoveryCode: true, left: rest.length } : { kind: "wrong" };
}

/** The half-way state between the password and the code, sealed to the visitor's session, for 10 minutes. */
export function sealPendingSignIn(deps: MonitorDeps, sessionToken: string, accountId: number): string {
  const expires = deps.clock.now().getTime() + 10 * 60 * 1000;
  return sealSecret(deps.secretKey, `2fa-pending:${sessionToken}`, Buffer.from(JSON.stringify({ accountId, expires })));
}

export function openPendingSignIn(deps: MonitorDeps, sessionToken: string, sealed: string): number | null {
  const plain = openSecret(deps.secretKey, `2fa-pending:${sessionToken}`, sealed);
  if (!plain) return null;
  const { accountId, expires } = JSON.parse(plain.toString("utf8")) as { accountId: number; expires: number };
  return expires > deps.clock.now().getTime() ? accountId : null;
}
