// The monitor's listening socket takes its connection limits from MONITOR_HTTP_* (the slow
// and idle clients themselves are tested in packages/platform/test/connections.test.ts), and
// a slow client is disconnected even on the pings' fast path.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { startHarness, type Harness } from "../helpers.js";

describe("monitor connection limits", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ headersTimeoutMs: "300", requestTimeoutMs: "1000", keepAliveTimeoutMs: "500", maxConnections: "50" });
    await h.app.listen({ host: "127.0.0.1", port: 0 });
  });
  after(() => h.close());

  it("sets the server's timeouts and cap from its settings", () => {
    const server = h.app.server;
    assert.deepEqual([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections], [300, 1000, 500, 50]);
  });

  it("disconnects a ping whose headers trickle in", async () => {
    const port = (h.app.server.address() as { port: number }).port;
    const started = Date.now();
    const text = await new Promise<string>((resolve, reject) => {
      let got = "";
      const socket = connect(port, "127.0.0.1", () => socket.write(`GET /ping/${h.keys.uuid} HTTP/1.1\r\nHost: localhost\r\n`));
      const drip = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 50);
      socket.on("data", (chunk) => (got += chunk.toString("latin1")));
      socket.on("error", reject);
      socket.on("close", () => {
        clearInterval(drip);
        resolve(got);
      });
    });
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.ok(Date.now() - started < 2_000);
  });
});
