// A fake push bouncer on 127.0.0.1: records each request and answers what the test queued.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import nacl from "tweetnacl";

export interface BouncerRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface FakeBouncer {
  url: string;
  requests: BouncerRequest[];
  /** The next answers, in order; afterwards {"result":"success"} with 200. */
  reply(status: number, body: Record<string, unknown> | string): void;
  close(): Promise<void>;
}

export async function fakeBouncer(): Promise<FakeBouncer> {
  const requests: BouncerRequest[] = [];
  const replies: { status: number; body: Record<string, unknown> | string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString() });
      const next = replies.shift() ?? { status: 200, body: { result: "success", msg: "" } };
      res.writeHead(next.status, { "content-type": "application/json" });
      res.end(typeof next.body === "string" ? next.body : JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(status, body) {
      replies.push({ status, body });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A URL nothing listens on: a port that was just bound and released. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** A valid secretbox push key (0x31 then 32 bytes), base64. */
export const PUSH_KEY = Buffer.concat([Buffer.from([0x31]), Buffer.alloc(32, 7)]).toString("base64");

/** What a device does with a payload's encrypted_data: nonce (24 bytes), then the secretbox. */
export function openPushPayload(pushKey: string, encrypted: string): unknown {
  const key = Buffer.from(pushKey, "base64").subarray(1);
  const bytes = Buffer.from(encrypted, "base64");
  const opened = nacl.secretbox.open(bytes.subarray(24), bytes.subarray(0, 24), key);
  return opened === null ? null : JSON.parse(Buffer.from(opened).toString());
}

/** Registers a logged-in device of `who` for E2EE notifications with PUSH_KEY; returns its id. */
export async function registerPushDevice(t: { call: (...args: any[]) => Promise<{ status: number; body: any }> }, who: unknown, kind: "fcm" | "apns", tokenId: string, pushKeyId = 11): Promise<number> {
  const id = (await t.call(who, "POST", "/register_client_device")).body.device_id as number;
  const params = { device_id: id, push_key: PUSH_KEY, push_key_id: pushKeyId, token_kind: kind, token_id: tokenId, bouncer_public_key: "k", encrypted_push_registration: "e" };
  const res = await t.call(who, "POST", "/mobile_push/register", params);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return id;
}

export interface DeliveredPush {
  /** the bouncer device id, as the JSON text had it */
  deviceId: string;
  request: Record<string, any>;
  /** what the phone decrypts */
  payload: any;
}

/** The E2EE pushes in the bouncer's requests from index `from` on, decrypted with PUSH_KEY. */
export function e2eePushes(bouncer: FakeBouncer, from = 0): DeliveredPush[] {
  return bouncer.requests
    .slice(from)
    .filter((r) => r.path === "/api/v1/remotes/push/e2ee/notify")
    .flatMap((r) => {
      const ids = [...r.body.matchAll(/"device_id":(-?\d+)/g)].map((m) => m[1]!);
      return (JSON.parse(r.body).push_requests as Record<string, any>[]).map((request, i) => ({ deviceId: ids[i]!, request, payload: openPushPayload(PUSH_KEY, request.payload.encrypted_data) }));
    });
}

/** The bouncer device id a token id names (first 8 bytes of its SHA-256, as a signed integer). */
export const bouncerDeviceId = (tokenId: string) => Buffer.from(tokenId, "base64").readBigInt64BE().toString();
