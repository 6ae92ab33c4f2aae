// The message sections of /register: max_message_id, unread_msgs, starred_messages,
// recent_private_conversations, user_topics and the legacy muted_topics.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /register message state", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let general: number;
  let quiet: number;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] })).body.id;
    quiet = (await t.call(owner, "POST", "/channels/create", { name: "quiet", subscribers: [owner.id, mia.id] })).body.id;
    const send = async (key: string, params: Record<string, unknown>) => (ids[key] = (await t.call(owner, "POST", "/messages", params)).body.id);
    await send("hello", { type: "stream", to: "general", topic: "Lunch", content: "hello" });
    await send("mention", { type: "stream", to: "general", topic: "lunch", content: "@**Mia** pizza?" });
    await send("muted", { type: "stream", to: "quiet", topic: "noise", content: "shh" });
    await send("wildcard", { type: "stream", to: "quiet", topic: "noise", content: "@**all** heads up" });
    await send("dm", { type: "direct", to: [mia.id], content: "hi Mia" });
    await send("group", { type: "direct", to: [mia.id, noah.id], content: "hi both" });
    await t.call(mia, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: quiet, property: "is_muted", value: true }] });
    await t.call(mia, "POST", "/messages/flags", { messages: [ids.hello], op: "add", flag: "starred" });
    await t.call(mia, "POST", "/user_topics", { stream_id: general, topic: "Lunch", visibility_policy: 1 });
  });
  after(() => t.close());

  it("returns unread_msgs grouped like Zulip: topics case-insensitively, muted messages out of the count", async () => {
    const state = (await t.call(mia, "POST", "/register", { fetch_event_types: ["message", "update_message_flags"] })).body;
    assert.equal(state.max_message_id, ids.group);
    const unread = state.unread_msgs;
    assert.deepEqual(unread.streams, [
      { stream_id: general, topic: "Lunch", unread_message_ids: [ids.hello, ids.mention] },
      { stream_id: quiet, topic: "noise", unread_message_ids: [ids.muted, ids.wildcard] },
    ]);
    assert.deepEqual(unread.pms, [{ other_user_id: owner.id, sender_id: owner.id, unread_message_ids: [ids.dm] }]);
    assert.deepEqual(unread.huddles, [{ user_ids_string: [owner.id, mia.id, noah.id].join(","), unread_message_ids: [ids.group] }]);
    // The direct mention counts though its topic is muted; the wildcard in a muted channel does not.
    assert.deepEqual(unread.mentions, [ids.mention]);
    // Muted topic (Lunch) and muted channel (quiet): only the two direct messages count.
    assert.equal(unread.count, 2);
    assert.equal(unread.old_unreads_missing, false);
  });

  it("returns starred messages, recent direct conversations and topic visibility", async () => {
    const state = (await t.call(mia, "POST", "/register", { fetch_event_types: ["starred_messages", "recent_private_conversations", "user_topic", "muted_topics"] })).body;
    assert.deepEqual(state.starred_messages, [ids.hello]);
    assert.deepEqual(state.recent_private_conversations, [
      { max_message_id: ids.group, user_ids: [owner.id, noah.id] },
      { max_message_id: ids.dm, user_ids: [owner.id] },
    ]);
    assert.deepEqual(state.user_topics.map((u: any) => [u.stream_id, u.topic_name, u.visibility_policy]), [[general, "Lunch", 1]]);
    // muted_topics only for clients that did not also ask for user_topic.
    assert.equal("muted_topics" in state, false);
    const old = (await t.call(mia, "POST", "/register", { fetch_event_types: ["muted_topics"] })).body;
    assert.deepEqual(old.muted_topics.map((m: any[]) => m.slice(0, 2)), [["general", "Lunch"]]);
  });
});

describe("POST /register unread_msgs: buckets, mentions and counts", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let general: number;
  const ids: Record<string, number> = {};

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] })).body.id;
    const send = async (key: string, params: Record<string, unknown>) => (ids[key] = (await t.call(owner, "POST", "/messages", params)).body.id);
    await send("empty", { type: "stream", to: "general", topic: "", content: "no topic" });
    await send("named", { type: "stream", to: "general", topic: "General Chat", content: "@**all** and @**Mia**" });
    await send("wildcard", { type: "stream", to: "general", topic: "plans", content: "@**channel** plans" });
    await send("later", { type: "stream", to: "general", topic: "", content: "still no topic" });
    await send("self", { type: "direct", to: [mia.id], content: "to Mia" });
    await send("other", { type: "stream", to: "general", topic: "plans", content: "more plans" });
  });
  after(() => t.close());

  const unread = async (capabilities: Record<string, boolean> = {}) =>
    (await t.call(mia, "POST", "/register", { fetch_event_types: ["message", "update_message_flags"], client_capabilities: capabilities })).body.unread_msgs;

  it("puts the empty topic under its display name, with a topic of that name, for a client without empty names", async () => {
    const state = await unread();
    assert.deepEqual(state.streams, [
      // Named after the oldest message's topic; the ids ascending across both.
      { stream_id: general, topic: "general chat", unread_message_ids: [ids.empty, ids.named, ids.later] },
      { stream_id: general, topic: "plans", unread_message_ids: [ids.wildcard, ids.other] },
    ]);
    assert.deepEqual(state.pms, [{ other_user_id: owner.id, sender_id: owner.id, unread_message_ids: [ids.self] }]);
    // Personal and wildcard mentions in an unmuted channel, each message once.
    assert.deepEqual(state.mentions, [ids.named, ids.wildcard]);
    assert.equal(state.count, 6);
  });

  it("keeps the empty topic apart for a client that takes empty topic names", async () => {
    const state = await unread({ empty_topic_name: true });
    assert.deepEqual(state.streams, [
      { stream_id: general, topic: "", unread_message_ids: [ids.empty, ids.later] },
      { stream_id: general, topic: "General Chat", unread_message_ids: [ids.named] },
      { stream_id: general, topic: "plans", unread_message_ids: [ids.wildcard, ids.other] },
    ]);
  });

  it("leaves messages out once read, and a muted topic's wildcard mentions with them", async () => {
    await t.call(mia, "POST", "/messages/flags", { messages: [ids.empty, ids.self], op: "add", flag: "read" });
    await t.call(mia, "POST", "/user_topics", { stream_id: general, topic: "plans", visibility_policy: 1 });
    const state = await unread();
    assert.deepEqual(state.streams, [
      { stream_id: general, topic: "General Chat", unread_message_ids: [ids.named, ids.later] },
      { stream_id: general, topic: "plans", unread_message_ids: [ids.wildcard, ids.other] },
    ]);
    assert.deepEqual(state.pms, []);
    assert.deepEqual(state.mentions, [ids.named]);
    assert.equal(state.count, 2);
  });
});
