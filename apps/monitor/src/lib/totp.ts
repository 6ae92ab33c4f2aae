// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 30-second steps,
// six digits, the seed shown to people in base32 (RFC 4648) as authenticator apps expect.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function newTotpSeed(): Buffer {
  return randomBytes(20);
}

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** HOTP (RFC 4226 §5.3): the code for one counter value. */
export function hotp(seed: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", seed).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, "0");
}

export const timeStep = (ms: number) => Math.floor(ms / 1000 / TOTP_STEP_SECONDS);

/**
 * The time step a code belongs to, allowing one step of clock drift either way, or null.
 * Every candidate is compared in constant time, so timing tells nothing about near misses.
 */
export function matchTotp(seed: Buffer, code: string, nowMs: number): number | null {
  const given = Buffer.from(code.replace(/\s+/g, ""));
  let found: number | null = null;
  for (const step of [timeStep(nowMs) - 1, timeStep(nowMs), timeStep(nowMs) + 1]) {
    const expected = Buffer.from(hotp(seed, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = step;
  }
  return found;
}

export function otpauthUri(seed: Buffer, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${base32(seed)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
