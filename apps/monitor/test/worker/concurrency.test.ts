import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createLogger } from "@beacon/platform";
import { runAlertCycle, startAlertWorker } from "../../src/actions/alert-worker.js";
import { openMonitor, type Monitor } from "../../src/main.js";
import { createCheckVia, type Harness } from "../helpers.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { addIntegration, useAlertHarness, webhookValue } from "./helpers.js";

describe("alert workers running side by side", () => {
  let h: Harness;
  let hook: FakeService;
  let second: Monitor | undefined;
  useAlertHarness((started) => ({ h, hook } = started));
  before(async () => {
    // A second process on the same database (PostgreSQL); an in-memory SQLite database
    // cannot be shared, so there the second worker shares the first one's connection.
    if (h.deps.dialect === "postgres") second = await openMonitor(h.deps.config, { clock: h.clock, log: createLogger("test", "silent") });
  });
  after(async () => {
    await second?.close();
  });

  it("alerts each check that goes down exactly once", async () => {
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$CODE`));
    const uuids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const c = await createCheckVia(h, { name: `c${i}`, timeout: 60, grace: 60, channels: wh.uuid });
      await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
      uuids.push(c.uuid);
    }
    h.clock.advanceSeconds(121);
    const other = second?.deps ?? h.deps;
    const results = await Promise.all([runAlertCycle(h.deps), runAlertCycle(other), runAlertCycle(h.deps), runAlertCycle(other)]);
    assert.equal(results.reduce((sum, r) => sum + r.down, 0), 30);
    await Promise.all([runAlertCycle(h.deps), runAlertCycle(other)]);
    assert.equal(hook.requests.length, 30);
    assert.deepEqual(hook.requests.map((r) => r.url.slice(1)).sort(), [...uuids].sort());
    const flips = await h.deps.db.selectFrom("flips").select("id").where("reason", "=", "timeout").execute();
    assert.equal(flips.length, 30);
  });

  it("notices a deadline on its own, and is woken at once by a failure ping", async () => {
    hook.requests.length = 0;
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/loop/$STATUS`));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    const worker = startAlertWorker(h.deps);
    // How fast is a figure for bench/, not an assertion here: waits are generous for a loaded machine.
    const waitFor = async (count: number) => {
      const started = Date.now();
      while (hook.requests.length < count && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      await new Promise((r) => setTimeout(r, 100));
      h.clock.advanceSeconds(121);
      await waitFor(1);
      assert.deepEqual(hook.requests.map((r) => r.url), ["/loop/down"]);

      // The ping that records the flip wakes the worker rather than leaving it to its next poll.
      // (Counted through deps.alertWorker, which the ping path uses; the worker's own deliveries wake it directly.)
      let wakes = 0;
      h.deps.alertWorker = { ...worker, wake: () => (wakes++, worker.wake()) };
      const d = await createCheckVia(h, { channels: wh.uuid });
      assert.equal(wakes, 0);
      await h.app.inject({ method: "GET", url: `/ping/${d.uuid}/fail` });
      h.deps.alertWorker = worker;
      assert.ok(wakes >= 1, "the failure ping woke the worker");
      await waitFor(2);
      assert.equal(hook.requests.length, 2);
    } finally {
      await worker.stop();
    }
    assert.equal(h.deps.alertWorker, undefined);
  });
});
