// API keys, web session tokens and passwords. Keys and session tokens are stored as SHA-256
// digests only: a key is shown once, when issued; a session token lives in its cookie.
// Password hashing is shared with the monitor (packages/platform).
import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import zxcvbn from "zxcvbn";

const KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

function randomKey(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length + 16)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 252 && out.length < length) out += KEY_ALPHABET[byte % 36];
    }
  }
  return out;
}

/** 32 characters of [a-z0-9], like Zulip's keys. */
export const generateApiKey = (): string => randomKey(32);

/** 24 characters of [a-z0-9], like Zulip's confirmation link keys. */
export const generateConfirmationKey = (): string => randomKey(24);

export function hasApiKeyFormat(key: string): boolean {
  return /^[A-Za-z0-9]{32}$/.test(key);
}

export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex");
}

/** 256 random bits for a session cookie. */
export const generateSessionToken = (): string => randomBytes(32).toString("base64url");

export const hashSessionToken = hashApiKey;

/** A CSRF secret as Django makes them: 32 letters and digits. */
export const generateCsrfToken = (): string => randomKey(32);

/** Equality of two secrets in time independent of where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

export { hashPassword, verifyPassword } from "@beacon/platform";

export interface PasswordPolicy {
  passwordMinLength: number;
  passwordMaxLength: number;
  passwordMinGuesses: number;
}

/**
 * Zulip's check_password_strength: long enough, not too long, and at least the configured
 * number of guesses by zxcvbn's estimate (the same library Zulip's server and web app use).
 * The length limits are checked first: zxcvbn's cost grows with the password's length.
 */
export function isStrongPassword(password: string, policy: PasswordPolicy): boolean {
  if (password === "" || password.length < policy.passwordMinLength || password.length > policy.passwordMaxLength) return false;
  return policy.passwordMinGuesses <= 0 || zxcvbn(password).guesses >= policy.passwordMinGuesses;
}
