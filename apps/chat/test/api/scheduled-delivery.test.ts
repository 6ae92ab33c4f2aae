import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Account, ChatTest } from "../helpers.js";
import { deliverScheduledMessage } from "../../src/actions/scheduled-delivery.js";
import { claimScheduledMessage, scheduledMessageById } from "../../src/store/scheduled-messages.js";
import { ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

describe("scheduled message delivery", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    general = await createChannel(t, owner, "general", [owner, alice, bob]);
  });
  after(() => t.close());

  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  async function schedule(topic: string, content: string, inSeconds = 60, channel = general): Promise<number> {
    const res = await t.call(alice, "POST", "/scheduled_messages", { type: "stream", to: channel, topic, content, scheduled_delivery_timestamp: now() + inSeconds });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.scheduled_message_id;
  }
  const topicMessages = async (topic: string) => (await fetchMessages(t, bob, [{ operator: "channel", operand: general }, { operator: "topic", operand: topic }])).messages;

  it("delivers each message exactly once when two workers race on the same database", async () => {
    for (let i = 0; i < 8; i++) await schedule("race", `message ${i}`);
    t.clock.advance(60_000);
    const workers = [new ScheduledMessageWorker(t.deps, { batch: 100 }), new ScheduledMessageWorker(t.deps, { batch: 100 })];
    const outcomes = (await Promise.all(workers.map((w) => w.runOnce()))).flat();
    assert.deepEqual(outcomes.filter((o) => o === "delivered").length, 8);
    assert.deepEqual((await Promise.all(workers.map((w) => w.runOnce()))).flat(), []);
    const contents = (await topicMessages("race")).map((m: any) => m.content).sort();
    assert.deepEqual(contents, [0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<p>message ${i}</p>`));
  });

  it("retries a row whose worker claimed it and died before sending, once the claim expires", async () => {
    const id = await schedule("restart", "survives a crash");
    t.clock.advance(60_000);
    // A worker claims the row, then the process dies: no send, no mark.
    const claimed = await claimScheduledMessage(t.deps.db, id, "dead-worker", t.clock.now().getTime(), t.clock.now().getTime() + 30_000);
    assert.ok(claimed);
    const fresh = new ScheduledMessageWorker(t.deps, { leaseMs: 30_000 });
    assert.deepEqual(await fresh.runOnce(), [], "a live claim is respected");
    t.clock.advance(31_000);
    assert.deepEqual(await fresh.runOnce(), ["delivered"]);
    assert.equal((await topicMessages("restart")).length, 1);
    // The dead worker's late send cannot commit: it no longer holds the claim.
    assert.equal(await deliverScheduledMessage(t.deps, claimed, "dead-worker"), "lost");
    assert.equal((await topicMessages("restart")).length, 1);
    assert.equal((await scheduledMessageById(t.deps.db, id))!.delivered, 1);
  });

  it("rolls back a delivery whose row was edited after the claim, and sends the edited version", async () => {
    const id = await schedule("edited", "old words");
    t.clock.advance(60_000);
    const claimed = await claimScheduledMessage(t.deps.db, id, "slow-worker", t.clock.now().getTime(), t.clock.now().getTime() + 60_000);
    assert.equal((await t.call(alice, "PATCH", `/scheduled_messages/${id}`, { content: "new words" })).status, 200);
    assert.equal(await deliverScheduledMessage(t.deps, claimed!, "slow-worker"), "lost");
    assert.deepEqual(await new ScheduledMessageWorker(t.deps).runOnce(), ["delivered"]);
    assert.deepEqual((await topicMessages("edited")).map((m: any) => m.content), ["<p>new words</p>"]);
  });

  it("marks a message failed when sending is no longer allowed, and tells its sender", async () => {
    const locked = await createChannel(t, owner, "locked", [owner, alice, bob]);
    const id = await schedule("failing", "nobody may post", 60, locked);
    // The channel becomes one only owners may post in.
    const admins = await t.call(owner, "GET", "/user_groups");
    const ownersGroup = admins.body.user_groups.find((g: any) => g.name === "role:owners").id;
    const update = await t.call(owner, "PATCH", `/streams/${locked}`, { can_send_message_group: JSON.stringify({ new: ownersGroup }) });
    assert.equal(update.status, 200, JSON.stringify(update.body));
    t.clock.advance(60_000);
    assert.deepEqual(await new ScheduledMessageWorker(t.deps).runOnce(), ["failed"]);
    const [row] = (await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages;
    assert.equal(row.scheduled_message_id, id);
    assert.equal(row.failed, true);
    assert.equal((await fetchMessages(t, bob, [{ operator: "channel", operand: locked }])).messages.length, 0);
    assert.deepEqual(await new ScheduledMessageWorker(t.deps).runOnce(), [], "a failed row is not retried");

    const notices = (await fetchMessages(t, alice, [{ operator: "sender", operand: "notification-bot@zulip.com" }])).messages;
    assert.equal(notices.length, 1);
    assert.equal(notices[0].sender_full_name, "Notification Bot");
    assert.equal(notices[0].type, "private");
    const raw = await t.call(alice, "GET", `/messages/${notices[0].id}`);
    const when = new Date((row.scheduled_delivery_timestamp as number) * 1000).toISOString().replace(".000Z", "+00:00");
    assert.equal(raw.body.raw_content, `The message you scheduled for <time:${when}> was not sent because of the following error:\n\n> You do not have permission to post in this channel.\n\n[View scheduled messages](#scheduled)`);

    // Editing a failed message needs a new time, and clears the failure.
    assert.equal((await t.call(alice, "PATCH", `/scheduled_messages/${id}`, { content: "retry" })).body.msg, "Scheduled delivery time must be in the future.");
    assert.equal((await t.call(alice, "PATCH", `/scheduled_messages/${id}`, { scheduled_delivery_timestamp: now() + 60 })).status, 200);
    assert.equal((await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages[0].failed, false);
    await t.call(alice, "DELETE", `/scheduled_messages/${id}`);
  });

  it("refuses to send more than ten minutes late", async () => {
    const id = await schedule("late", "too late", 30);
    t.clock.advance(30_000 + 10 * 60_000 + 1000);
    assert.deepEqual(await new ScheduledMessageWorker(t.deps).runOnce(), ["failed"]);
    assert.equal((await scheduledMessageById(t.deps.db, id))!.failure_message, "Message could not be sent at the scheduled time.");
  });
});
