// Pure checks and encodings of E2EE push registration values, with Zulip's messages, and the
// encryption of notification payloads with a device's push key.
import { createHash } from "node:crypto";
import nacl from "tweetnacl";
import { BadRequestError } from "./errors.js";

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** LibSodium secretbox keys: one 0x31 byte naming the cryptosystem, then 32 key bytes. */
export function checkPushKey(pushKey: string): Buffer {
  const bytes = STRICT_BASE64.test(pushKey) ? Buffer.from(pushKey, "base64") : null;
  if (!bytes || bytes.length !== 33 || bytes[0] !== PUSH_KEY_SECRETBOX) throw new BadRequestError("Invalid `push_key`");
  return bytes;
}

/** The first byte of a stored push key: which cryptosystem the rest is a key for. */
export const PUSH_KEY_SECRETBOX = 0x31;

/**
 * Encrypts a notification payload for a device: its JSON, sealed with libsodium's secretbox
 * (XSalsa20-Poly1305) under the 32 key bytes after the prefix byte, a fresh random 24-byte
 * nonce written before the box (the layout PyNaCl's SecretBox.encrypt gives Zulip), base64.
 */
export function encryptPushPayload(pushKeyBase64: string, payload: Record<string, unknown>): string {
  const key = Buffer.from(pushKeyBase64, "base64");
  if (key.length !== 33 || key[0] !== PUSH_KEY_SECRETBOX) throw new Error("unsupported push key");
  const nonce = nacl.randomBytes(nacl.secretbox.nonceLength);
  const box = nacl.secretbox(new TextEncoder().encode(JSON.stringify(payload)), nonce, key.subarray(1));
  return Buffer.concat([nonce, box]).toString("base64");
}

/**
 * A token id is the first 8 bytes of the token's SHA-256, base64-encoded. Zulip keeps it as a
 * signed 64-bit integer; this returns that integer and its canonical base64 form.
 */
export function decodeTokenId(tokenId: string): { value: bigint; base64: string } {
  const bytes = STRICT_BASE64.test(tokenId) ? Buffer.from(tokenId, "base64") : null;
  if (!bytes || bytes.length > 8) throw new BadRequestError("`token_id` is not Base64 encoded");
  const padded = Buffer.alloc(8, bytes.length && bytes[0]! & 0x80 ? 0xff : 0);
  bytes.copy(padded, 8 - bytes.length);
  const value = padded.readBigInt64BE();
  return { value, base64: padded.toString("base64") };
}

export function tokenIdValue(base64: string): bigint {
  return Buffer.from(base64, "base64").readBigInt64BE();
}

/** Legacy tokens: Zulip's validate_token. APNs tokens are hex. */
export function checkLegacyToken(token: string, apns: boolean): void {
  if (token === "" || token.length > 4096) throw new BadRequestError("Empty or invalid length token");
  if (apns && !/^([0-9a-fA-F]{2})+$/.test(token)) throw new BadRequestError("Invalid APNS token");
}

/**
 * The user's UUID at the bouncer for legacy registrations (Zulip sends UserProfile.uuid): a
 * stable name derived from the realm's UUID and the user id, so it needs no column.
 */
export function legacyUserUuid(realmUuid: string, userId: number): string {
  const hex = createHash("sha256").update(`beacon-push-user:${realmUuid}:${userId}`).digest("hex");
  // Shaped as a version 4 UUID (variant bits 10).
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
