// Links in e-mails about an integration. The verification link carries a token derived from
// the integration's UUID and the server secret; the unsubscribe link carries that token
// signed with a timestamp ("<token>:<base62 seconds>:<signature>", the shape of the
// upstream's timestamp signer), so the page can tell a fresh link from an old one.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function channelToken(channelUuid: string, secretKey: string): string {
  return createHash("sha256").update(channelUuid + secretKey).digest("hex");
}

const B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function base62(n: number): string {
  let out = "";
  do {
    out = B62[n % 62] + out;
    n = Math.floor(n / 62);
  } while (n > 0);
  return out;
}

function unbase62(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    const digit = B62.indexOf(ch);
    if (digit === -1) return null;
    n = n * 62 + digit;
  }
  return n;
}

function signature(payload: string, secretKey: string): string {
  return createHmac("sha256", `alerts:${secretKey}`).update(payload).digest("base64url");
}

export function signUnsubToken(token: string, secretKey: string, nowMs: number): string {
  const payload = `${token}:${base62(Math.floor(nowMs / 1000))}`;
  return `${payload}:${signature(payload, secretKey)}`;
}

/** The token of a well-signed link and its age in seconds; null for a forged or mangled one. */
export function readUnsubToken(signed: string, secretKey: string, nowMs: number): { token: string; ageSeconds: number } | null {
  const parts = signed.split(":");
  if (parts.length !== 3) return null;
  const [token, stamp, sig] = parts;
  const expected = Buffer.from(signature(`${token}:${stamp}`, secretKey));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const seconds = unbase62(stamp);
  if (seconds === null) return null;
  return { token, ageSeconds: Math.floor(nowMs / 1000) - seconds };
}

export function verifyLink(siteRoot: string, channelUuid: string, secretKey: string): string {
  return `${siteRoot}/integrations/${channelUuid}/verify/${channelToken(channelUuid, secretKey)}/`;
}

export function unsubLink(siteRoot: string, channelUuid: string, secretKey: string, nowMs: number): string {
  return `${siteRoot}/integrations/${channelUuid}/unsub/${signUnsubToken(channelToken(channelUuid, secretKey), secretKey, nowMs)}/`;
}
