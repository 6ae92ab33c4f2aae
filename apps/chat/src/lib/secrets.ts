// API keys and passwords. Keys are stored as SHA-256 digests only: a key is shown once, when
// issued. Passwords are hashed with scrypt and a random salt.
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

const KEY_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** 32 characters of [a-z0-9], like Zulip's keys. */
export function generateApiKey(): string {
  let out = "";
  while (out.length < 32) {
    for (const byte of randomBytes(48)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 252 && out.length < 32) out += KEY_ALPHABET[byte % 36];
    }
  }
  return out;
}

export function hasApiKeyFormat(key: string): boolean {
  return /^[A-Za-z0-9]{32}$/.test(key);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

const N = 16384;
const R = 8;
const P = 1;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}
