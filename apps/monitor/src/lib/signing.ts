// Signed, timestamped payloads for links and OAuth states that must come back unaltered
// (the Telegram bot's confirmation link, Discord's OAuth `state`), like Django's
// signing.dumps: "<base64url JSON>.<base36 seconds>.<HMAC>", safe in a URL as is.
import { createHmac, timingSafeEqual } from "node:crypto";

function signature(body: string, secretKey: string, salt: string): string {
  return createHmac("sha256", `${salt}:${secretKey}`).update(body).digest("base64url");
}

export function signPayload(payload: unknown, secretKey: string, salt: string, nowMs: number): string {
  const body = `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${Math.floor(nowMs / 1000).toString(36)}`;
  return `${body}.${signature(body, secretKey, salt)}`;
}

/** The payload of a token signed with this key and salt at most `maxAgeSeconds` ago; null otherwise. */
export function readSignedPayload(token: string, secretKey: string, salt: string, nowMs: number, maxAgeSeconds: number): unknown {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [data, stamp, sig] = parts;
  const expected = Buffer.from(signature(`${data}.${stamp}`, secretKey, salt));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const signedAt = parseInt(stamp, 36);
  if (!Number.isFinite(signedAt) || Math.floor(nowMs / 1000) - signedAt > maxAgeSeconds) return null;
  try {
    return JSON.parse(Buffer.from(data, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}
