import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue } from "./support.js";

describe("GET /events", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest({ config: { heartbeatMs: 200, heartbeatJitterMs: 0 } });
    owner = await t.realm();
    member = await t.user(owner, { name: "Mia" });
    await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, member.id] });
  });
  after(() => t.close());

  it("returns nothing at once with dont_block on a fresh queue", async () => {
    const queue = await registerQueue(t, member);
    assert.equal(queue.lastEventId, -1);
    const res = await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: -1, dont_block: true });
    assert.deepEqual(res.body, { result: "success", msg: "", events: [] });
    assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
  });

  it("delivers a channel message with the recipient's flags", async () => {
    const queue = await registerQueue(t, member, { apply_markdown: true });
    const sent = await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "hi", content: "**hello**" });
    const events = await nextEvents(t, member, queue);
    assert.equal(events.length, 1);
    assert.equal(events[0].type, "message");
    assert.deepEqual(events[0].flags, []);
    assert.equal(events[0].message.id, sent.body.id);
    assert.equal(events[0].message.content, "<p><strong>hello</strong></p>");
    assert.equal(events[0].message.display_recipient, "general");
  });

  it("long-polls until an event arrives", async () => {
    const queue = await registerQueue(t, member);
    const poll = t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: -1 });
    await new Promise((r) => setTimeout(r, 20));
    await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "hi", content: "later" });
    let res = await poll;
    // On a loaded machine the 200 ms heartbeat can answer the poll before the message is delivered:
    // poll on past heartbeats (each one a long poll again) until the message comes.
    for (let i = 0; i < 100 && res.body.events.every((e: any) => e.type === "heartbeat"); i++) {
      const last = res.body.events.at(-1).id;
      res = await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: last });
    }
    const message = res.body.events.find((e: any) => e.type === "message");
    assert.equal(message?.message.content, "later");
  });

  it("answers an idle poll with a heartbeat", async () => {
    await t.deps.events.flush(); // nothing from earlier tests still on its way
    const queue = await registerQueue(t, member);
    const res = await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: -1 });
    assert.deepEqual(res.body.events, [{ type: "heartbeat", id: 0 }]);
  });

  it("refuses unknown queues and other users' queues with BAD_EVENT_QUEUE_ID", async () => {
    const queue = await registerQueue(t, member);
    for (const [who, id] of [
      [member, "nope"],
      [owner, queue.id],
    ] as const) {
      const res = await t.call(who, "GET", "/events", { queue_id: id, last_event_id: -1, dont_block: true });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { result: "error", msg: `Bad event queue ID: ${id}`, code: "BAD_EVENT_QUEUE_ID", queue_id: id });
      assert.equal(res.headers["content-type"], "application/json; charset=utf-8");
    }
  });

  it("checks last_event_id against what was pruned", async () => {
    const queue = await registerQueue(t, member);
    await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "a", content: "one" });
    await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "a", content: "two" });
    await nextEvents(t, member, queue);
    const ack = await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: 0, dont_block: true });
    assert.deepEqual(ack.body.events.map((e: any) => e.id), [1]);
    assert.deepEqual((await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: -1, dont_block: true })).body, badRequest("An event newer than -1 has already been pruned!"));
    assert.deepEqual((await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: 7, dont_block: true })).body, badRequest("Event 7 was not in this queue"));
  });

  it("needs queue_id and last_event_id", async () => {
    assert.deepEqual((await t.call(member, "GET", "/events", {})).body, badRequest("Missing 'queue_id' argument"));
    const queue = await registerQueue(t, member);
    assert.deepEqual((await t.call(member, "GET", "/events", { queue_id: queue.id })).body, badRequest("Missing 'last_event_id' argument"));
  });

  it("DELETE /events removes the queue", async () => {
    const queue = await registerQueue(t, member);
    assert.deepEqual((await t.call(member, "DELETE", "/events", { queue_id: queue.id })).body, { result: "success", msg: "" });
    const res = await t.call(member, "GET", "/events", { queue_id: queue.id, last_event_id: -1, dont_block: true });
    assert.equal(res.body.code, "BAD_EVENT_QUEUE_ID");
    assert.equal((await t.call(member, "DELETE", "/events", { queue_id: queue.id })).body.code, "BAD_EVENT_QUEUE_ID");
  });

  it("DELETE /events refuses unknown ids of this process and forwards only ids of another", async () => {
    const own = `${t.deps.events.processId}:00000000-0000-0000-0000-000000000000`;
    for (const id of [own, "nope", ":nope"]) {
      const res = await t.call(member, "DELETE", "/events", { queue_id: id });
      assert.equal(res.status, 400, id);
      assert.deepEqual(res.body, { result: "error", msg: `Bad event queue ID: ${id}`, code: "BAD_EVENT_QUEUE_ID", queue_id: id });
    }
    // compat: a queue of another process is forwarded over the bus and answered at once.
    assert.deepEqual((await t.call(member, "DELETE", "/events", { queue_id: "elsewhere:123" })).body, { result: "success", msg: "" });
  });
});
