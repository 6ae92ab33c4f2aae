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
