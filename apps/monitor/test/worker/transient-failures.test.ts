// Transient failures (the receiver refusing connections or answering 5xx, 408 or 429, the
// database away) are retried with growing pauses until the fault clears, for up to a day, and
// the alert is then delivered exactly once; a 4xx is the integration's own mistake and is not
// retried. The errors recorded are the upstream's own ("Received status code 503").
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { memoryLogger } from "@beacon/testing";
import { runAlertCycle, startAlertWorker } from "../../src/actions/alert-worker.js";
import { backoffAfter, RETRY_FOR_MS } from "../../src/actions/deliveries.js";
import type { MonitorDeps } from "../../src/deps.js";
import { createCheckVia, type Harness } from "../helpers.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { addIntegration, useAlertHarness, webhookValue } from "./helpers.js";

const MINUTE = 60_000;

describe("alert deliveries that fail for a while", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((setup) => ({ h, hook } = setup));

  const failPing = async (uuid: string) => assert.equal((await h.app.inject({ method: "GET", url: `/ping/${uuid}/fail` })).statusCode, 200);
  const notes = (channelId: number) => h.deps.db.selectFrom("notifications").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
  const channel = (id: number) => h.deps.db.selectFrom("channels").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("retries 5xx, 408 and 429 with growing pauses, past the old three attempts, and delivers exactly once when the receiver recovers", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/flaky`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    hook.replies.push({ status: 500 }, { status: 503 }, { status: 429 }, { status: 408 }, { status: 502 });
    await failPing(c.uuid);
    await runAlertCycle(h.deps);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const [note] = await notes(wh.id);
      assert.equal(note.state, "pending", `still pending after attempt ${attempt}`);
      assert.equal((await channel(wh.id)).last_error, note.error, "the integration shows the last error meanwhile");
      h.clock.advance(backoffAfter(attempt) - 1000);
      await runAlertCycle(h.deps);
      assert.equal(hook.requests.length, attempt, "not before the pause is over");
      h.clock.advance(1000);
      await runAlertCycle(h.deps);
    }
    assert.deepEqual([backoffAfter(1), backoffAfter(2), backoffAfter(3), backoffAfter(4), backoffAfter(5)], [10_000, MINUTE, 5 * MINUTE, 15 * MINUTE, 15 * MINUTE]);
    assert.equal(hook.requests.length, 6);
    const [note] = await notes(wh.id);
    assert.deepEqual([note.state, note.attempts, note.error], ["sent", 6, ""]);
    const row = await channel(wh.id);
    assert.deepEqual([row.last_error, row.disabled], ["", 0]);
    h.clock.advance(15 * MINUTE);
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 6, "exactly once");
  });

  it("retries a receiver that refuses connections until it listens again", async () => {
    const receiver: Server = createServer((_req, res) => res.writeHead(200).end("ok"));
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const port = (receiver.address() as AddressInfo).port;
    let received = 0;
    receiver.on("request", () => received++);
    receiver.close();
    await once(receiver, "close");
    const wh = await addIntegration(h, "webhook", webhookValue(`http://127.0.0.1:${port}/back-soon`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    await failPing(c.uuid);
    await runAlertCycle(h.deps);
    h.clock.advance(backoffAfter(1));
    await runAlertCycle(h.deps);
    h.clock.advance(backoffAfter(2));
    await runAlertCycle(h.deps);
    const [pending] = await notes(wh.id);
    assert.deepEqual([pending.state, pending.attempts, pending.error], ["pending", 3, "Connection failed"]);

    receiver.listen(port, "127.0.0.1");
    await once(receiver, "listening");
    try {
      h.clock.advance(backoffAfter(3));
      await runAlertCycle(h.deps);
      h.clock.advance(15 * MINUTE);
      await runAlertCycle(h.deps);
    } finally {
      receiver.close();
    }
    assert.equal(received, 1);
    const [note] = await notes(wh.id);
    assert.deepEqual([note.state, note.attempts, note.error], ["sent", 4, ""]);
  });

  it("does not retry a 4xx other than 408 and 429, and leaves the integration enabled", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/wrong`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    hook.replies.push({ status: 400 });
    await failPing(c.uuid);
    await runAlertCycle(h.deps);
    h.clock.advance(15 * MINUTE);
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 1);
    const [note] = await notes(wh.id);
    assert.deepEqual([note.state, note.error], ["failed", "Received status code 400"]);
    const row = await channel(wh.id);
    assert.deepEqual([row.last_error, row.disabled], ["Received status code 400", 0]);
  });

  it("gives up on a transient failure a day after the alert was queued, keeping the last error", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/down-all-day`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    hook.replies.push({ status: 503 }, { status: 503 });
    await failPing(c.uuid);
    await runAlertCycle(h.deps);
    // As if it had been failing for nearly a day: the next pause would end past the day.
    await h.deps.db.updateTable("notifications").set({ created: h.clock.now().getTime() - RETRY_FOR_MS + MINUTE }).where("channel_id", "=", wh.id).execute();
    h.clock.advance(backoffAfter(1));
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 2);
    const [note] = await notes(wh.id);
    assert.deepEqual([note.state, note.error], ["failed", "Received status code 503"]);
  });

  it("gives up after three attempts at a failure that is neither transient nor final", async () => {
    const pigeon = await addIntegration(h, "webhook", "");
    await h.deps.db.updateTable("channels").set({ kind: "carrier-pigeon", value: "coop 7" }).where("id", "=", pigeon.id).execute();
    const c = await createCheckVia(h, { channels: pigeon.uuid });
    await failPing(c.uuid);
    for (let i = 0; i < 4; i++) {
      await runAlertCycle(h.deps);
      h.clock.advance(15 * MINUTE);
    }
    const [note] = await notes(pigeon.id);
    assert.deepEqual([note.state, note.attempts, note.error], ["failed", 3, "carrier-pigeon notifications are not supported by this server."]);
  });

  it("keeps an integration's alerts in order: the recovery waits for the outage alert being retried", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$STATUS`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    hook.replies.push({ status: 503 });
    await failPing(c.uuid);
    await runAlertCycle(h.deps);
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 200);
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/down"], "the recovery does not overtake the outage alert");
    h.clock.advance(backoffAfter(1));
    await runAlertCycle(h.deps);
    assert.deepEqual(hook.requests.map((r) => r.url), ["/down", "/down", "/up"]);
  });
});

describe("the alert worker during a database outage", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((setup) => ({ h, hook } = setup));

  it("pauses with one log line, resumes by itself with another, and then delivers what fell due", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/after-outage`));
    const c = await createCheckVia(h, { channels: wh.uuid });
    let down = true;
    const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    // Every query of the worker's handle fails as a database that refuses connections does.
    const db = h.deps.db.withPlugin({
      transformQuery: (args) => {
        if (down) throw refused();
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const { log, lines } = memoryLogger();
    const deps: MonitorDeps = { ...h.deps, db, log };
    const worker = startAlertWorker(deps);
    try {
      await failPing(c.uuid);
      // Several polls (0.5 s apart) fail.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      assert.equal(hook.requests.length, 0);
      down = false;
      const deadline = Date.now() + 10_000;
      while (hook.requests.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await worker.stop();
    }
    assert.equal(hook.requests.length, 1, `delivered once the database is back; log: ${lines.map((l) => l.msg).join(" / ")}`);
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg.replace(/after [\d.]+ s/, "after N s")]),
      [
        [40, "alert worker paused: The database is unavailable; try again shortly. (connect ECONNREFUSED 127.0.0.1:5432). It resumes by itself when the database answers again."],
        [30, "alert worker resumed: the database answers again after N s"],
      ],
    );
    assert.ok(Number(lines[1].failedCycles) >= 2, `failed cycles: ${lines[1].failedCycles}`);
  });

  async function failPing(uuid: string) {
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${uuid}/fail` })).statusCode, 200);
  }
});
