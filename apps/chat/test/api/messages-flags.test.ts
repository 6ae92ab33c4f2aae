import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("POST /messages/flags and the mark-as-read endpoints", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let carol: Account;
  let ids: number[];

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner);
    carol = await t.user(owner);
    await createChannel(t, owner, "general", [owner, alice]);
    await createChannel(t, owner, "news", [owner, alice]);
    ids = [];
    for (let i = 0; i < 4; i++) ids.push(await sendToChannel(t, owner, "general", i < 2 ? "a" : "b", `m${i}`));
    ids.push(await sendToChannel(t, owner, "news", "n", "news"));
  });
  after(() => t.close());

  const flagsOf = async (who: Account, id: number) => (await t.call(who, "GET", `/messages/${id}`)).body.message.flags;

  it("adds and removes read and starred, echoing the requested ids", async () => {
    const res = await t.call(alice, "POST", "/messages/flags", { messages: [ids[0], ids[1]], op: "add", flag: "read" });
    assert.deepEqual(res.body, { result: "success", msg: "", messages: [ids[0], ids[1]] });
    assert.deepEqual(await flagsOf(alice, ids[0]), ["read"]);
    await t.call(alice, "POST", "/messages/flags", { messages: [ids[0]], op: "add", flag: "starred" });
    assert.deepEqual(await flagsOf(alice, ids[0]), ["read", "starred"]);
    await t.call(alice, "POST", "/messages/flags", { messages: [ids[0]], op: "remove", flag: "read" });
    assert.deepEqual(await flagsOf(alice, ids[0]), ["starred"]);
  });

  it("refuses unknown and non-editable flags, bad operations and inaccessible messages", async () => {
    assert.deepEqual((await t.call(alice, "POST", "/messages/flags", { messages: [ids[0]], op: "add", flag: "shiny" })).body, badRequest("Invalid flag: 'shiny'"));
    assert.deepEqual((await t.call(alice, "POST", "/messages/flags", { messages: [ids[0]], op: "add", flag: "mentioned" })).body, badRequest("Flag not editable: 'mentioned'"));
    assert.deepEqual((await t.call(alice, "POST", "/messages/flags", { messages: [ids[0]], op: "toggle", flag: "read" })).body, badRequest("Invalid message flag operation: 'toggle'"));
    assert.deepEqual((await t.call(alice, "POST", "/messages/flags", { messages: [99999], op: "add", flag: "read" })).body, badRequest("Invalid message(s)"));
  });

  it("stars a public channel message the user never received (a historical row)", async () => {
    await t.call(carol, "POST", "/messages/flags", { messages: [ids[2]], op: "add", flag: "starred" });
    assert.deepEqual(await flagsOf(carol, ids[2]), ["read", "starred", "historical"]);
    const res = await t.call(carol, "POST", "/messages/flags", { messages: [ids[2]], op: "remove", flag: "read" });
    assert.deepEqual(res.body.ignored_because_not_subscribed_channels, [ids.length && (await t.call(owner, "GET", "/get_stream_id", { stream: "general" })).body.stream_id]);
  });

  it("updates flags over a narrow window", async () => {
    const res = await t.call(alice, "POST", "/messages/flags/narrow", { anchor: "oldest", num_before: 0, num_after: 10, narrow: [{ operator: "channel", operand: "general" }], op: "add", flag: "read" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.processed_count, 4);
    assert.equal(res.body.updated_count, 3);
    assert.equal(res.body.first_processed_id, ids[0]);
    assert.equal(res.body.last_processed_id, ids[3]);
    assert.equal(res.body.found_oldest, true);
    assert.equal(res.body.found_newest, true);
    const wide = await t.call(alice, "POST", "/messages/flags/narrow", { anchor: "newest", num_before: 9000, num_after: 9000, narrow: [{ operator: "channel", operand: "general" }], op: "add", flag: "read" });
    assert.deepEqual([wide.status, wide.body.processed_count], [200, 4], "a window over 5000 is clamped, not refused, as Zulip");
  });

  it("marks a topic, a channel, then everything as read", async () => {
    await t.call(alice, "POST", "/messages/flags", { messages: ids, op: "remove", flag: "read" });
    const general = (await t.call(owner, "GET", "/get_stream_id", { stream: "general" })).body.stream_id;
    const news = (await t.call(owner, "GET", "/get_stream_id", { stream: "news" })).body.stream_id;
    await t.call(alice, "POST", "/mark_topic_as_read", { stream_id: general, topic_name: "A" });
    assert.deepEqual((await fetchMessages(t, alice, [{ operator: "is", operand: "unread" }])).messages.map((m: any) => m.id), ids.slice(2));
    await t.call(alice, "POST", "/mark_stream_as_read", { stream_id: news });
    assert.deepEqual((await fetchMessages(t, alice, [{ operator: "is", operand: "unread" }])).messages.map((m: any) => m.id), ids.slice(2, 4));
    assert.deepEqual((await t.call(alice, "POST", "/mark_all_as_read")).body, { result: "success", msg: "", complete: true });
    assert.equal((await fetchMessages(t, alice, [{ operator: "is", operand: "unread" }])).messages.length, 0);
    assert.deepEqual((await t.call(alice, "POST", "/mark_stream_as_read", { stream_id: 9999 })).body, badRequest("Invalid channel ID"));
  });
});
