// Recovery of a killed scheduled-message worker: a claim is a 15 s lease that the worker's
// heartbeat renews every 5 s while it sends; a killed worker stops renewing and another takes
// its row over 15 s later.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { claimScheduledMessage, renewScheduledClaim, scheduledMessageById } from "../../src/store/scheduled-messages.js";
import { SCHEDULED_HEARTBEAT_MS, SCHEDULED_LEASE_MS, ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("scheduled message leases", () => {
  let t: ChatTest;
  let alice: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    const owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    general = await createChannel(t, owner, "general", [owner, alice]);
  });
  after(() => t.close());

  async function due(topic: string, count = 1): Promise<number[]> {
    const at = Math.floor(t.clock.now().getTime() / 1000) + 60;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.call(alice, "POST", "/scheduled_messages", { type: "stream", to: general, topic, content: `m${i}`, scheduled_delivery_timestamp: at });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      ids.push(res.body.scheduled_message_id);
    }
    t.clock.advance(60_000);
    return ids;
  }
  const sent = async (topic: string) => (await fetchMessages(t, alice, [{ operator: "channel", operand: general }, { operator: "topic", operand: topic }])).messages.length;
  const claimAsWorker = (id: number, token: string) => {
    const now = t.clock.now().getTime();
    return claimScheduledMessage(t.deps.db, id, token, now, now + SCHEDULED_LEASE_MS);
  };

  it("leases for 15 s and beats every 5 s", () => {
    assert.deepEqual([SCHEDULED_LEASE_MS, SCHEDULED_HEARTBEAT_MS], [15_000, 5_000]);
  });

  it("delivers a burst whose worker was killed mid-way 15 s after the kill, not minutes later", async () => {
    const ids = await due("burst", 5);
    // The killed worker had claimed the first row of the burst; the rest were never claimed.
    assert.ok(await claimAsWorker(ids[0], "killed-worker"));
    const survivor = new ScheduledMessageWorker(t.deps, { batch: 100 });
    assert.deepEqual(await survivor.runOnce(), Array(4).fill("delivered"));
    t.clock.advance(SCHEDULED_LEASE_MS - 1_000);
    assert.deepEqual(await survivor.runOnce(), [], "the claim still holds");
    t.clock.advance(2_000);
    assert.deepEqual(await survivor.runOnce(), ["delivered"]);
    assert.equal(await sent("burst"), 5);
  });

  it("keeps a claim its heartbeat renews, and lets it go a lease after the heartbeat stops", async () => {
    const [id] = await due("slow");
    assert.ok(await claimAsWorker(id, "slow-worker"));
    const other = new ScheduledMessageWorker(t.deps);
    for (let beat = 0; beat < 6; beat++) {
      t.clock.advance(SCHEDULED_HEARTBEAT_MS);
      assert.equal(await renewScheduledClaim(t.deps.db, id, "slow-worker", t.clock.now().getTime() + SCHEDULED_LEASE_MS), true);
      assert.deepEqual(await other.runOnce(), []);
    }
    t.clock.advance(SCHEDULED_LEASE_MS + 1);
    assert.deepEqual(await other.runOnce(), ["delivered"]);
    // The old worker's next beat finds its claim gone.
    assert.equal(await renewScheduledClaim(t.deps.db, id, "slow-worker", t.clock.now().getTime() + SCHEDULED_LEASE_MS), false);
    assert.equal((await scheduledMessageById(t.deps.db, id))!.delivered, 1);
  });
});
