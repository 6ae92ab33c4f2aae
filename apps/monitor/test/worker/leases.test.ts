// Recovery of a killed alert worker: a claim is a 15 s lease renewed every 5 s by a heartbeat;
// a worker that dies stops renewing and its alerts are taken over 15 s later, with the
// Idempotency-Key of the first attempt so the receiver can drop a duplicate.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { claimDeliveries, HEARTBEAT_MS, LEASE_MS, renewDeliveryLeases } from "../../src/actions/deliveries.js";
import { processFlips } from "../../src/actions/flip-notifications.js";
import { flipDueChecks } from "../../src/actions/going-down.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { call, createCheckVia, type Harness } from "../helpers.js";
import { addIntegration, useAlertHarness, webhookValue } from "./helpers.js";

describe("alert leases and the heartbeat", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((started) => ({ h, hook } = started));

  /** A check that has just gone down, its notification queued and not yet claimed. */
  async function queuedAlert(): Promise<string> {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/hook/$STATUS`));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    h.clock.advanceSeconds(121);
    assert.deepEqual(await flipDueChecks(h.deps), { down: 1, queued: 1 }); // alerted as it went down
    assert.equal(await processFlips(h.deps), 0);
    return c.uuid;
  }
  const quiet = (uuid: string) => call(h.app, "POST", `/api/v3/checks/${uuid}/pause`, { key: h.keys.api_key });

  it("leases for 15 s and beats every 5 s", () => {
    assert.deepEqual([LEASE_MS, HEARTBEAT_MS], [15_000, 5_000]);
  });

  it("takes over a killed worker's alert once its lease runs out, 15 s after the claim", async () => {
    const uuid = await queuedAlert();
    // Worker A claims the alert and is killed before delivering it: no heartbeat follows.
    const [claimed] = await claimDeliveries(h.deps, 10);
    assert.ok(claimed);
    h.clock.advanceSeconds(14);
    assert.equal((await runAlertCycle(h.deps)).delivered, 0, "the lease still holds");
    h.clock.advanceSeconds(2);
    assert.equal((await runAlertCycle(h.deps)).delivered, 1);
    assert.equal(hook.requests.length, 1);
    assert.equal(hook.requests[0].headers["idempotency-key"], claimed.uuid);
    const row = await h.deps.db.selectFrom("notifications").selectAll().where("id", "=", claimed.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.state, row.attempts], ["sent", 2]);
    await quiet(uuid);
  });

  it("keeps a live worker's lease while its heartbeat renews it, and lets it go when the heartbeat stops", async () => {
    const uuid = await queuedAlert();
    const claimed = await claimDeliveries(h.deps, 10);
    const ids = claimed.map((n) => n.id);
    // Worker A's delivery is slow (a receiver near the 30 s timeout); its heartbeat goes on.
    for (let beat = 0; beat < 8; beat++) {
      h.clock.advance(HEARTBEAT_MS);
      await renewDeliveryLeases(h.deps, ids);
      assert.equal((await runAlertCycle(h.deps)).delivered, 0, `taken over at ${(beat + 1) * 5} s`);
    }
    // Worker A dies: the last renewal holds 15 s, then worker B delivers.
    h.clock.advance(LEASE_MS - 1);
    assert.equal((await runAlertCycle(h.deps)).delivered, 0);
    h.clock.advance(2);
    assert.equal((await runAlertCycle(h.deps)).delivered, 1);
    await quiet(uuid);
  });

  it("sends the same Idempotency-Key in every attempt of one notification, and a new one for the next alert", async () => {
    const uuid = await queuedAlert();
    hook.replies.push({ status: 500, body: "busy" });
    assert.equal((await runAlertCycle(h.deps)).delivered, 1);
    h.clock.advanceSeconds(10);
    assert.equal((await runAlertCycle(h.deps)).delivered, 1);
    assert.equal(hook.requests.length, 2);
    const [first, second] = hook.requests.map((r) => r.headers["idempotency-key"]);
    assert.match(String(first), /^[0-9a-f-]{36}$/);
    assert.equal(second, first);
    await h.app.inject({ method: "GET", url: `/ping/${uuid}` });
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 3);
    assert.notEqual(hook.requests[2].headers["idempotency-key"], first);
    await quiet(uuid);
  });

  it("leaves an Idempotency-Key header the integration sets itself alone", async () => {
    hook.clear();
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/own`, { headers_down: { "idempotency-key": "mine-$CODE" } }));
    const c = await createCheckVia(h, { timeout: 60, grace: 60, channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    assert.equal(hook.requests.length, 1);
    assert.equal(hook.requests[0].headers["idempotency-key"], `mine-${c.uuid}`);
    await quiet(c.uuid);
  });
});
