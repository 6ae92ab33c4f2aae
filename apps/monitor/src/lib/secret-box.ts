// Secrets the server must read back (a TOTP seed) are kept encrypted with AES-256-GCM under a
// key derived from the server secret and a purpose, so a copy of the database alone reveals none.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

function keyFor(secretKey: string, purpose: string): Buffer {
  return createHmac("sha256", secretKey).update(`secret-box:${purpose}`).digest();
}

export function sealSecret(secretKey: string, purpose: string, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secretKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain bytes, or null when the box was not sealed with this key and purpose. */
export function openSecret(secretKey: string, purpose: string, sealed: string): Buffer | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secretKey, purpose), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  } catch {
    return null;
  }
}
