// Password hashing for both servers: scrypt with a random salt. The stored string names
// its parameters (`scrypt$N$r$p$salt$hash`) so they can be raised later without
// invalidating existing hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

interface Params {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
// N=2^15 costs ~50 ms and 32 MiB on one core: slow for a guesser, still fine for a sign-in.
const DEFAULT_PARAMS: Params = { N: 32768, r: 8, p: 1 };
// Node refuses N*r*128 above maxmem (32 MiB by default), which N=2^15 exactly reaches.
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: Params, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    // NFKC, so the same password typed on different keyboards or systems matches.
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = DEFAULT_PARAMS;
  const key = await derive(password, salt, DEFAULT_PARAMS, KEY_LENGTH);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  // Node's base64 decoder reads the standard and the URL-safe alphabet alike.
  const expected = Buffer.from(hash, "base64");
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return false;
  const actual = await derive(password, Buffer.from(salt, "base64"), params, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
