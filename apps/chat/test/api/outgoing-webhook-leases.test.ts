// A batch of outgoing webhook calls is made one call after another, each up to its timeout:
// the heartbeat renews the batch's lease meanwhile, so a second worker never takes (and makes
// again) a call the first one still holds. The bot is a local HTTP server that answers when told.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { OutgoingWebhookWorker } from "../../src/workers/outgoing-webhooks.js";

// Ports of their own per run (9900-9949 belong to this work).
const PORT = 9900 + (process.pid % 40);
const LEASE_MS = 30_000;

describe("outgoing webhook leases", () => {
  let t: ChatTest;
  let owner: Account;
  let server: Server;
  const received: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let firstArrived: () => void = () => {};

  before(async () => {
    t = await chatTest({ config: { externalContentAllowedHosts: ["127.0.0.1"] } });
    owner = await t.realm();
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push(JSON.parse(body).data);
        firstArrived();
        void gate.then(() => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
      });
    });
    server.listen(PORT, "127.0.0.1");
    await once(server, "listening");
  });
  after(async () => {
    server.close();
    await t.close();
  });

  it("keeps the later calls of a slow batch from a second worker, and makes each call once", async () => {
    const res = await t.call(owner, "POST", "/bots", { full_name: "Slow bot", short_name: "slow", bot_type: 3, payload_url: JSON.stringify(`http://127.0.0.1:${PORT}/bot`), interface_type: 1 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const content of ["first", "second"]) assert.equal((await t.call(owner, "POST", "/messages", { type: "direct", to: JSON.stringify([res.body.user_id]), content })).status, 200);
    let release: () => void = () => {};
    gate = new Promise((resolve) => (release = resolve));
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    const slow = new OutgoingWebhookWorker(t.deps, { leaseMs: LEASE_MS, heartbeatMs: 10, timeoutMs: 5000, retryMs: 0 });
    const running = slow.runOnce();
    await arrived;
    firstArrived = () => {};
    // The first call hangs past the batch's first lease; the heartbeat moves the lease on.
    t.clock.advance(LEASE_MS + 1);
    const now = t.clock.now().getTime();
    for (let i = 0; i < 500; i++) {
      const rows = await t.deps.db.selectFrom("outgoing_webhook_outbox").select("claimed_until").execute();
      if (rows.length === 2 && rows.every((r) => Number(r.claimed_until) > now)) break;
      await sleep(5);
    }
    const other = new OutgoingWebhookWorker(t.deps, { leaseMs: LEASE_MS, timeoutMs: 5000, retryMs: 0 });
    assert.equal(await other.runOnce(), 0, "the batch is still held");
    release();
    assert.equal(await running, 2);
    assert.deepEqual(received, ["first", "second"]);
  });
});
