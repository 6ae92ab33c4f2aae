import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("topics and user topics", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner);
    general = await createChannel(t, owner, "general", [owner, alice]);
    await sendToChannel(t, owner, "general", "lunch", "pizza?");
    await sendToChannel(t, owner, "general", "", "no topic");
    await sendToChannel(t, owner, "general", "Lunch", "tacos!");
  });
  after(() => t.close());

  it("lists a channel's topics newest first, named as last spelled", async () => {
    const res = await t.call(alice, "GET", `/users/me/${general}/topics`);
    assert.deepEqual(res.body.topics.map((x: any) => x.name), ["Lunch", "general chat"]);
    const modern = await t.call(alice, "GET", `/users/me/${general}/topics`, { allow_empty_topic_name: true });
    assert.deepEqual(modern.body.topics.map((x: any) => x.name), ["Lunch", ""]);
    assert.deepEqual((await t.call(alice, "GET", "/users/me/9999/topics")).body, badRequest("Invalid channel ID"));
  });

  it("mutes, follows and unmutes topics, reflected in is:muted and is:followed", async () => {
    assert.equal((await t.call(alice, "POST", "/user_topics", { stream_id: general, topic: "lunch", visibility_policy: 1 })).status, 200);
    assert.equal((await fetchMessages(t, alice, [{ operator: "is", operand: "muted" }])).messages.length, 2);
    assert.equal((await fetchMessages(t, alice, [{ operator: "in", operand: "home" }])).messages.length, 1);
    await t.call(alice, "POST", "/user_topics", { stream_id: general, topic: "lunch", visibility_policy: 3 });
    assert.equal((await fetchMessages(t, alice, [{ operator: "is", operand: "followed" }])).messages.length, 2);
    assert.deepEqual((await t.call(alice, "POST", "/user_topics", { stream_id: general, topic: "lunch", visibility_policy: 7 })).body, badRequest("Invalid visibility_policy"));
  });

  it("supports the deprecated muted_topics endpoint, idempotent as since Zulip 7.0", async () => {
    const policy = async () => (await t.call(alice, "POST", "/register", { fetch_event_types: ["user_topic"] })).body.user_topics.find((u: any) => u.topic_name === "news")?.visibility_policy ?? 0;
    const ok = { result: "success", msg: "" };
    assert.deepEqual((await t.call(alice, "PATCH", "/users/me/subscriptions/muted_topics", { stream: "general", topic: "news", op: "add" })).body, ok);
    assert.deepEqual((await t.call(alice, "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: general, topic: "news", op: "add" })).body, ok, "muting a muted topic");
    assert.equal(await policy(), 1);
    assert.deepEqual((await t.call(alice, "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: general, topic: "news", op: "remove" })).body, ok);
    assert.deepEqual((await t.call(alice, "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: general, topic: "news", op: "remove" })).body, ok, "unmuting a topic that is not muted");
    assert.equal(await policy(), 0);
    assert.deepEqual((await t.call(alice, "PATCH", "/users/me/subscriptions/muted_topics", { stream_id: general, topic: "news", op: "toggle" })).body, badRequest("Invalid op"));
  });
});
