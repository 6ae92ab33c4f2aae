// Uploaded files as Zulip's local upload backend names them: a path id of
// "<realm id>/<2 hex>/<24 url-safe random>/<sanitized file name>", served at
// /user_uploads/<path id>, and short-lived signed URLs for clients that cannot send credentials.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** max_file_upload_size_mib, as /register advertises it. */
export const MAX_FILE_UPLOAD_SIZE_MIB = 25;
/** max_avatar_file_size_mib */
export const MAX_AVATAR_FILE_SIZE_MIB = 5;
/** SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS */
export const TEMPORARY_URL_SECONDS = 60;

/** Zulip's sanitize_name: word characters, spaces, dots and dashes; runs of spaces and dashes become one dash. */
export function sanitizeName(name: string): string {
  const cleaned = name
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}_\s.-]/gu, "")
    .trim()
    .replace(/[-\s]+/g, "-");
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "uploaded-file" : cleaned;
}

/**
 * File systems limit one name to 255 bytes, and a file is first written as `<name>.part`:
 * longer names lose characters before their extension.
 */
const MAX_NAME_BYTES = 255 - ".part".length;

function fitName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 && Buffer.byteLength(name.slice(dot)) <= 32 ? name.slice(dot) : "";
  let stem = "";
  for (const ch of name.slice(0, name.length - ext.length)) {
    if (Buffer.byteLength(stem + ch + ext) > MAX_NAME_BYTES) break;
    stem += ch;
  }
  return stem + ext;
}

export function newPathId(realmId: number, fileName: string): string {
  return `${realmId}/${randomBytes(1).toString("hex")}/${randomBytes(18).toString("base64url")}/${fitName(sanitizeName(fileName))}`;
}

export const newSecret = () => randomBytes(16).toString("hex");

/** A valid stored path id: exactly Zulip's shape, so a URL can never leave the files directory. */
export const PATH_ID = /^[0-9]+\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/[^/\\]+$/;

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

/** The token of a temporary URL for one attachment, valid until `expiresAt` (epoch ms). */
export function temporaryToken(attachmentId: number, secret: string, expiresAt: number): string {
  const payload = `${attachmentId}.${Math.floor(expiresAt / 1000)}`;
  return `${Buffer.from(payload).toString("base64url")}.${sign(secret, payload)}`;
}

/** The attachment id and expiry a token claims, before its signature is checked. */
export function readToken(token: string): { attachmentId: number; expiresAt: number; payload: string; signature: string } | undefined {
  const [encoded, signature] = token.split(".");
  if (!encoded || !signature) return undefined;
  const payload = Buffer.from(encoded, "base64url").toString();
  const match = /^([0-9]+)\.([0-9]+)$/.exec(payload);
  if (!match) return undefined;
  return { attachmentId: Number(match[1]), expiresAt: Number(match[2]) * 1000, payload, signature };
}

export function tokenSignatureValid(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The path ids a message's Markdown links to: /user_uploads/<path id> (relative or on any host). */
export function linkedPathIds(content: string): string[] {
  const found = new Set<string>();
  for (const m of content.matchAll(/\/user_uploads\/([0-9]+\/[0-9a-f]{2}\/[A-Za-z0-9_-]{24}\/[^\s)\]>"'?#]+)/g)) {
    let path = m[1]!;
    try {
      path = decodeURIComponent(path);
    } catch {
      // keep it as written
    }
    found.add(path);
  }
  return [...found];
}
