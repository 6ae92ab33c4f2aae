import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { ScheduledMessageWorker } from "../../src/workers/scheduled-messages.js";
import { createChannel, fetchMessages, messagesTest } from "./messages-support.js";

const seconds = (t: ChatTest) => Math.floor(t.clock.now().getTime() / 1000);

describe("/scheduled_messages", () => {
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

  const schedule = (who: Account, params: Record<string, unknown>) => t.call(who, "POST", "/scheduled_messages", params);

  it("schedules a channel message and lists it with its delivery time", async () => {
    const at = seconds(t) + 3600;
    const res = await schedule(alice, { type: "channel", to: general, topic: "Castle", content: "**Hi**", scheduled_delivery_timestamp: at });
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.scheduled_message_id, "number");
    const list = await t.call(alice, "GET", "/scheduled_messages");
    assert.deepEqual(list.body.scheduled_messages, [
      { scheduled_message_id: res.body.scheduled_message_id, to: general, type: "stream", topic: "Castle", content: "**Hi**", rendered_content: "<p><strong>Hi</strong></p>", scheduled_delivery_timestamp: at, failed: false },
    ]);
    assert.deepEqual((await t.call(bob, "GET", "/scheduled_messages")).body.scheduled_messages, []);
    await t.call(alice, "DELETE", `/scheduled_messages/${res.body.scheduled_message_id}`);
  });

  it("schedules a direct message with `to` as a JSON list of user ids", async () => {
    const at = seconds(t) + 60;
    const res = await schedule(alice, { type: "direct", to: [bob.id], content: "later", scheduled_delivery_timestamp: at });
    const list = await t.call(alice, "GET", "/scheduled_messages");
    assert.deepEqual(list.body.scheduled_messages, [{ scheduled_message_id: res.body.scheduled_message_id, to: [bob.id], type: "private", content: "later", rendered_content: "<p>later</p>", scheduled_delivery_timestamp: at, failed: false }]);
    await t.call(alice, "DELETE", `/scheduled_messages/${res.body.scheduled_message_id}`);
  });

  it("refuses a delivery time that is not in the future", async () => {
    for (const at of [seconds(t), seconds(t) - 10]) {
      const res = await schedule(alice, { type: "stream", to: general, topic: "x", content: "hi", scheduled_delivery_timestamp: at });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, badRequest("Scheduled delivery time must be in the future."));
    }
  });

  it("reports Zulip's errors for bad recipients, types and parameters", async () => {
    const at = seconds(t) + 60;
    const cases: [Record<string, unknown>, unknown][] = [
      [{ type: "stream", to: 9999, topic: "x", content: "hi", scheduled_delivery_timestamp: at }, { result: "error", msg: "Channel with ID '9999' does not exist", code: "STREAM_DOES_NOT_EXIST", stream_id: 9999 }],
      [{ type: "direct", to: [9999], content: "hi", scheduled_delivery_timestamp: at }, badRequest("Invalid user ID 9999")],
      [{ type: "stream", to: "general", topic: "x", content: "hi", scheduled_delivery_timestamp: at }, badRequest("Invalid data type for channel ID")],
      [{ type: "direct", to: "5", content: "hi", scheduled_delivery_timestamp: at }, badRequest("Invalid data type for recipients")],
      [{ type: "direct", to: ["a@b.c"], content: "hi", scheduled_delivery_timestamp: at }, badRequest("Recipient list may only contain user IDs")],
      [{ type: "stream", to: general, content: "hi", scheduled_delivery_timestamp: at }, badRequest("Missing topic")],
      [{ type: "huddle", to: general, content: "hi", scheduled_delivery_timestamp: at }, badRequest("Invalid type")],
      [{ type: "stream", to: general, topic: "x", content: "hi", scheduled_delivery_timestamp: "soon" }, badRequest("scheduled_delivery_timestamp is not valid JSON")],
      [{ type: "stream", to: general, topic: "x", content: "  ", scheduled_delivery_timestamp: at }, badRequest("Message must not be empty")],
      [{ type: "stream", to: general, topic: "x", scheduled_delivery_timestamp: at }, { result: "error", msg: "Missing 'content' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "content" }],
    ];
    for (const [params, body] of cases) {
      const res = await schedule(alice, params);
      assert.equal(res.status, 400, JSON.stringify(params));
      assert.deepEqual(res.body, body);
    }
    assert.deepEqual((await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages, []);
  });

  it("checks the send permissions when scheduling", async () => {
    const secret = await createChannel(t, owner, "secret", [owner], { invite_only: true });
    const res = await schedule(alice, { type: "stream", to: secret, topic: "x", content: "hi", scheduled_delivery_timestamp: seconds(t) + 60 });
    assert.deepEqual(res.body, badRequest("Not authorized to send to channel 'secret'"));
  });

  it("edits content, topic, recipients and time, and requires what Zulip requires", async () => {
    const at = seconds(t) + 600;
    const { scheduled_message_id: id } = (await schedule(alice, { type: "stream", to: general, topic: "a", content: "one", scheduled_delivery_timestamp: at })).body;
    const patch = (params: Record<string, unknown>) => t.call(alice, "PATCH", `/scheduled_messages/${id}`, params);
    assert.deepEqual((await patch({})).body, badRequest("Nothing to change"));
    assert.deepEqual((await patch({ type: "direct" })).body, badRequest("Recipient required when updating type of scheduled message."));
    assert.deepEqual((await patch({ type: "stream", to: general })).body, badRequest("Topic required when updating scheduled message type to stream."));
    assert.deepEqual((await patch({ scheduled_delivery_timestamp: seconds(t) - 1 })).body, badRequest("Scheduled delivery time must be in the future."));

    assert.equal((await patch({ content: "two", topic: "b", scheduled_delivery_timestamp: at + 60 })).status, 200);
    let [row] = (await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages;
    assert.deepEqual([row.content, row.rendered_content, row.topic, row.scheduled_delivery_timestamp], ["two", "<p>two</p>", "b", at + 60]);

    assert.equal((await patch({ type: "direct", to: [bob.id] })).status, 200);
    [row] = (await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages;
    assert.deepEqual([row.type, row.to, row.topic], ["private", [bob.id], undefined]);

    const other = await t.call(bob, "PATCH", `/scheduled_messages/${id}`, { content: "mine" });
    assert.equal(other.status, 404);
    assert.deepEqual(other.body, badRequest("Scheduled message does not exist"));
    await t.call(alice, "DELETE", `/scheduled_messages/${id}`);
  });

  it("deletes a scheduled message once, then answers 404", async () => {
    const { scheduled_message_id: id } = (await schedule(alice, { type: "direct", to: [bob.id], content: "x", scheduled_delivery_timestamp: seconds(t) + 60 })).body;
    assert.equal((await t.call(bob, "DELETE", `/scheduled_messages/${id}`)).status, 404);
    assert.deepEqual((await t.call(alice, "DELETE", `/scheduled_messages/${id}`)).body, { result: "success", msg: "" });
    const again = await t.call(alice, "DELETE", `/scheduled_messages/${id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, badRequest("Scheduled message does not exist"));
    assert.equal((await t.call(alice, "DELETE", "/scheduled_messages/abc")).status, 404);
  });

  it("delivers a due message through the send action, marked read for its sender, and forgets it", async () => {
    const { scheduled_message_id: id } = (await schedule(alice, { type: "stream", to: general, topic: "later", content: "from the past", scheduled_delivery_timestamp: seconds(t) + 30, read_by_sender: true })).body;
    const worker = new ScheduledMessageWorker(t.deps);
    assert.deepEqual(await worker.runOnce(), []);
    t.clock.advance(30_000);
    assert.deepEqual(await worker.runOnce(), ["delivered"]);
    assert.deepEqual(await worker.runOnce(), []);
    const { messages } = await fetchMessages(t, bob, [{ operator: "topic", operand: "later" }]);
    assert.equal(messages.length, 1);
    assert.equal(messages[0].content, "<p>from the past</p>");
    assert.equal(messages[0].sender_id, alice.id);
    assert.ok(!messages[0].flags.includes("read"));
    const mine = await fetchMessages(t, alice, [{ operator: "topic", operand: "later" }]);
    assert.ok(mine.messages[0].flags.includes("read"));
    assert.deepEqual((await t.call(alice, "GET", "/scheduled_messages")).body.scheduled_messages, []);
    assert.equal((await t.call(alice, "PATCH", `/scheduled_messages/${id}`, { content: "too late" })).body.msg, "Scheduled message was already sent");
  });
});
