// Slow and idle clients against a server built by createHttpServer with connection limits:
// each is disconnected after its timeout, and connections past the cap are closed at once.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { createHttpServer, type ConnectionLimits } from "../src/index.js";

/** Resolves with what the server sent and how long it took, once it closes the connection. */
function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  let text = "";
  socket.on("data", (chunk) => (text += chunk.toString("latin1")));
  return new Promise((resolve) => socket.on("close", () => resolve({ text, ms: Date.now() - started })));
}

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });

describe("connection limits", () => {
  let app: FastifyInstance;
  let port: number;
  const limits: ConnectionLimits = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 200, maxConnections: 4 };
  const sockets: Socket[] = [];

  before(async () => {
    app = createHttpServer({ limits });
    app.get("/", async () => "ok");
    app.post("/", async () => "posted");
    await app.listen({ host: "127.0.0.1", port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await app.close();
  });

  it("answers 408 and disconnects a client that sends its headers a line at a time (slowloris)", async () => {
    const socket = await open(port);
    sockets.push(socket);
    const closed = untilClosed(socket);
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n");
    const drip = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 50);
    const { text, ms } = await closed;
    clearInterval(drip);
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.ok(ms < 2_000, `held ${ms} ms`);
  });

  it("disconnects a client whose body does not arrive within the request timeout", async () => {
    const socket = await open(port);
    sockets.push(socket);
    const closed = untilClosed(socket);
    socket.write("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nabc");
    const { text, ms } = await closed;
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.ok(ms >= 400 && ms < 2_500, `held ${ms} ms`);
  });

  // Node adds a second to the keep-alive timeout before it closes the socket.
  it("closes an idle keep-alive connection after the keep-alive timeout", async () => {
    const socket = await open(port);
    sockets.push(socket);
    const closed = untilClosed(socket);
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const { text, ms } = await closed;
    assert.match(text, /^HTTP\/1\.1 200 [\s\S]*\r\n\r\nok$/);
    assert.ok(ms < 2_500, `held ${ms} ms`);
  });

  it("closes connections past the cap as they arrive, and serves again once they are gone", async () => {
    const held = await Promise.all(Array.from({ length: limits.maxConnections }, () => open(port)));
    sockets.push(...held);
    await new Promise((r) => setTimeout(r, 50));
    const extra = await open(port);
    sockets.push(extra);
    const { text } = await untilClosed(extra);
    assert.equal(text, "");
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const res = await fetch(`http://127.0.0.1:${port}/`);
    assert.equal(await res.text(), "ok");
  });

  it("closes the connection when it answers before reading a body", async () => {
    const refusing = createHttpServer({ limits });
    refusing.addHook("onRequest", async (_req, reply) => reply.code(401).send("no"));
    refusing.post("/", async () => "posted");
    await refusing.listen({ host: "127.0.0.1", port: 0 });
    try {
      const socket = await open((refusing.server.address() as { port: number }).port);
      sockets.push(socket);
      const closed = untilClosed(socket);
      socket.write("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 62914560\r\n\r\n");
      const { text } = await closed;
      assert.match(text, /^HTTP\/1\.1 401 /);
      assert.match(text, /\r\nconnection: close\r\n/i);
    } finally {
      await refusing.close();
    }
  });
});
