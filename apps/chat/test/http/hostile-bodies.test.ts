// Bodies from clients that should not be trusted with the server's memory: an anonymous body
// is answered before it is read, and multipart bodies are bounded in parts and bytes, their
// files streamed to temporary files that are gone after the response.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { multipart, uploadsDir } from "../api/uploads-support.js";

const SIXTY_MB = 60 * 1024 * 1024;

/** Sends only the headers of a request announcing a body; resolves with the answer once the server closes. */
function headersOnly(port: number, head: string): Promise<{ text: string; bodyBytesSent: number }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve({ text, bodyBytesSent: socket.bytesWritten - Buffer.byteLength(head) }));
  });
}

describe("hostile request bodies", () => {
  let t: ChatTest;
  let owner: Account;
  let dir: string;
  let port: number;

  before(async () => {
    dir = await uploadsDir();
    t = await chatTest({ config: { uploadsDir: dir } });
    owner = await t.realm();
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const multipartHead = (path: string, headers: string) =>
    `POST ${path} HTTP/1.1\r\nHost: ${owner.host}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${SIXTY_MB}\r\n${headers}\r\n`;

  it("answers an anonymous 60 MB upload with 401 before a byte of its body is sent, and closes", async () => {
    const { text, bodyBytesSent } = await headersOnly(port, multipartHead("/api/v1/user_uploads", ""));
    assert.equal(bodyBytesSent, 0);
    assert.match(text, /^HTTP\/1\.1 401 /);
    assert.match(text, /\r\nconnection: close\r\n/i);
    assert.match(text, /"code":"UNAUTHORIZED"/);
  });

  it("answers a wrong API key, and a /json request without a session, the same way", async () => {
    const wrongKey = await headersOnly(port, multipartHead("/api/v1/user_uploads", `Authorization: ${basic(owner.email, "x".repeat(32))}\r\n`));
    assert.match(wrongKey.text, /^HTTP\/1\.1 401 [\s\S]*Invalid API key/);
    const json = await headersOnly(port, multipartHead("/json/user_uploads", `Cookie: csrftoken=${"a".repeat(32)}\r\nX-CSRFToken: ${"a".repeat(32)}\r\n`));
    assert.match(json.text, /^HTTP\/1\.1 401 /);
  });

  it("refuses an authenticated multipart body that says it is too long before reading it", async () => {
    const { text, bodyBytesSent } = await headersOnly(port, multipartHead("/api/v1/user_uploads", `Authorization: ${basic(owner.email, owner.apiKey)}\r\n`));
    assert.equal(bodyBytesSent, 0);
    assert.match(text, /^HTTP\/1\.1 413 [\s\S]*Request body is too large/);
  });

  it("refuses a body of more parts than Django allows", async () => {
    const fields = Array.from({ length: 1_200 }, (_, i) => ({ field: `f${i}`, data: "x" }));
    const res = await multipart(t, owner, "POST", "/user_uploads", fields);
    assert.equal(res.status, 413);
  });

  it("stores an upload through a temporary file that is removed after the response", async () => {
    const data = Buffer.alloc(300_000, 7);
    const res = await multipart(t, owner, "POST", "/user_uploads", [{ field: "file", fileName: "big.bin", data }]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const fetched = await t.app.inject({ method: "GET", url: res.body.url, headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey) } });
    assert.deepEqual(fetched.rawPayload, data);
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(await readdir(join(dir, "tmp")), []);
  });
});
