// Key material. API keys look like the upstream's (`hcw_`/`hcr_` + 28 characters, 32 in
// all) and are stored only as SHA-256 hashes: they carry ~165 bits of randomness, so a
// plain digest is as safe as a keyed one and needs no server secret to verify.
import { createHash, hash, randomBytes } from "node:crypto";

const ALPHANUMERIC = /[^A-Za-z0-9]/g;

function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) out += randomBytes(length).toString("base64url").replace(ALPHANUMERIC, "");
  return out.slice(0, length);
}

export const API_KEY_LENGTH = 32;

export function generateApiKey(kind: "rw" | "ro"): string {
  return (kind === "rw" ? "hcw_" : "hcr_") + randomAlphanumeric(28);
}

export function isReadOnlyKey(key: string): boolean {
  return key.startsWith("hcr_");
}

export function hashApiKey(key: string): string {
  return hash("sha256", key, "hex");
}

/** Ping keys appear in URLs and e-mail addresses: 22 lowercase letters and digits. */
export function generatePingKey(): string {
  return randomAlphanumeric(44).toLowerCase().slice(0, 22);
}

/** The read-only handle of a check: SHA-1 of the first 16 hex digits of its UUID. */
export function uniqueKeyOf(uuid: string): string {
  return createHash("sha1").update(uuid.replaceAll("-", "").slice(0, 16)).digest("hex");
}

export function randomToken(length: number): string {
  return randomAlphanumeric(length);
}
