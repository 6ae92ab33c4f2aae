// HTTP client for the push notification service (Zulip's "bouncer" protocol, the
// /api/v1/remotes/… endpoints), authenticated as this server with CHAT_PUSH_ORG_ID/KEY.
// A network failure becomes FailedToConnectBouncerError, a 5xx InternalBouncerServerError,
// and a 4xx a BouncerRefusedError carrying the bouncer's code.
import type { ChatConfig } from "../config.js";
import { BouncerRefusedError, FailedToConnectBouncerError, InternalBouncerServerError } from "../lib/push-errors.js";

export type BouncerBody = { form: Record<string, string> } | { json: string };

export async function postToBouncer(config: ChatConfig, path: string, body: BouncerBody): Promise<Record<string, unknown>> {
  return (await postToBouncerText(config, path, body)).parsed;
}

/** postToBouncer, with the answer's text too: 64-bit device ids in it survive only there. */
export async function postToBouncerText(config: ChatConfig, path: string, body: BouncerBody): Promise<{ parsed: Record<string, unknown>; text: string }> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.pushOrgId}:${config.pushOrgKey}`).toString("base64")}`,
    "user-agent": "ZulipServer/beacon",
  };
  let payload: string;
  if ("form" in body) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body.form).toString();
  } else {
    headers["content-type"] = "application/json";
    payload = body.json;
  }
  let response: Response;
  try {
    response = await fetch(`${config.pushBouncerUrl}/api/v1/${path}`, { method: "POST", headers, body: payload, signal: AbortSignal.timeout(config.pushBouncerTimeoutMs) });
  } catch {
    throw new FailedToConnectBouncerError();
  }
  const text = await response.text().catch(() => "");
  if (response.status >= 500) throw new InternalBouncerServerError();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A 2xx that is not JSON counts as a server fault; a 4xx keeps its status.
    if (response.ok) throw new InternalBouncerServerError();
  }
  if (!response.ok) throw new BouncerRefusedError(response.status, String(parsed.code ?? "BAD_REQUEST"), String(parsed.msg ?? text));
  return { parsed, text };
}

/** JSON with exact 64-bit integers (token ids), which JSON.stringify cannot write. */
export function jsonWithBigInts(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `\u0000bigint:${v.toString()}` : v));
  return marked.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}

/** The integers of a JSON array field, exactly (device ids reach 2^63). */
export function bigIntList(text: string, field: string): bigint[] {
  const match = new RegExp(`"${field}"\\s*:\\s*\\[([^\\]]*)\\]`).exec(text);
  if (!match) return [];
  return match[1]!
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^-?\d+$/.test(s))
    .map((s) => BigInt(s));
}
