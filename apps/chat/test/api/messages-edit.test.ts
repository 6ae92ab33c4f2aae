import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { setRealmMessageSettings } from "../../src/store/message-settings.js";
import { createChannel, fetchMessages, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("PATCH /messages/{message_id}, history and DELETE", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let general: number;
  let random: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    general = await createChannel(t, owner, "general", [owner, alice, bob]);
    random = await createChannel(t, owner, "random", [owner, alice, bob]);
  });
  after(() => t.close());

  it("edits content and records the edit in the history snapshots", async () => {
    const id = await sendToChannel(t, alice, "general", "plans", "first draft");
    t.clock.advance(60_000);
    const res = await t.call(alice, "PATCH", `/messages/${id}`, { content: "second draft" });
    assert.deepEqual(res.body, { result: "success", msg: "", detached_uploads: [] });
    const msg = (await t.call(alice, "GET", `/messages/${id}`)).body.message;
    assert.equal(msg.content, "<p>second draft</p>");
    assert.equal(msg.last_edit_timestamp, msg.timestamp + 60);
    const history = (await t.call(alice, "GET", `/messages/${id}/history`)).body.message_history;
    assert.equal(history.length, 2);
    assert.deepEqual(history[0], { content: "first draft", rendered_content: "<p>first draft</p>", timestamp: msg.timestamp, user_id: alice.id, topic: "plans" });
    assert.equal(history[1].content, "second draft");
    assert.equal(history[1].prev_content, "first draft");
    assert.equal(history[1].prev_rendered_content, "<p>first draft</p>");
    assert.equal(history[1].topic, "plans");
    assert.match(history[1].content_html_diff, /highlight_text_inserted">second/);
  });

  it("refuses content edits by others, past the time limit, and on a stale sha256", async () => {
    const id = await sendToChannel(t, alice, "general", "plans", "mine");
    assert.deepEqual((await t.call(bob, "PATCH", `/messages/${id}`, { content: "yours" })).body, badRequest("You don't have permission to edit this message"));
    const stale = await t.call(alice, "PATCH", `/messages/${id}`, { content: "x", prev_content_sha256: "00" });
    assert.deepEqual(stale.body, { result: "error", msg: "'prev_content_sha256' value does not match the expected value.", code: "EXPECTATION_MISMATCH", field_name: "prev_content_sha256" });
    const sha = createHash("sha256").update("mine").digest("hex");
    assert.equal((await t.call(alice, "PATCH", `/messages/${id}`, { content: "still mine", prev_content_sha256: sha })).status, 200);
    t.clock.advance(700_000);
    assert.deepEqual((await t.call(alice, "PATCH", `/messages/${id}`, { content: "late" })).body, badRequest("The time limit for editing this message has passed"));
    assert.deepEqual((await t.call(alice, "PATCH", `/messages/${id}`, {})).body, badRequest("Nothing to change"));
  });

  it("refuses edits when the organization turned editing off", async () => {
    const id = await sendToChannel(t, alice, "general", "plans", "x");
    await setRealmMessageSettings(t.deps.db, owner.realmId, { allow_message_editing: 0 });
    assert.deepEqual((await t.call(alice, "PATCH", `/messages/${id}`, { content: "y" })).body, badRequest("Your organization has turned off message editing"));
    await setRealmMessageSettings(t.deps.db, owner.realmId, { allow_message_editing: 1 });
  });

  it("renames a topic for one, later or all messages", async () => {
    const a = await sendToChannel(t, alice, "general", "old", "a");
    const b = await sendToChannel(t, bob, "general", "old", "b");
    const c = await sendToChannel(t, alice, "general", "old", "c");
    assert.equal((await t.call(bob, "PATCH", `/messages/${c}`, { topic: "one" })).status, 200);
    assert.equal((await t.call(bob, "PATCH", `/messages/${b}`, { topic: "later", propagate_mode: "change_later" })).status, 200);
    const topicOf = async (id: number) => (await t.call(alice, "GET", `/messages/${id}`)).body.message.subject;
    assert.deepEqual([await topicOf(a), await topicOf(b), await topicOf(c)], ["old", "later", "one"]);
    await t.call(owner, "PATCH", `/messages/${a}`, { topic: "✔ old", propagate_mode: "change_all" });
    // The topic's message and the Notification Bot's resolve notice.
    const resolved = (await fetchMessages(t, alice, [{ operator: "is", operand: "resolved" }])).messages.map((m: any) => m.id);
    assert.equal(resolved.length, 2);
    assert.equal(resolved[0], a);
    const history = (await t.call(alice, "GET", `/messages/${b}/history`)).body.message_history;
    assert.deepEqual([history[0].topic, history[1].prev_topic, history[1].topic], ["old", "old", "later"]);
    assert.equal("content_html_diff" in history[1], false);
    assert.ok((await t.call(alice, "GET", `/messages/${b}`)).body.message.last_moved_timestamp);
  });

  it("moves messages to another channel and records the move", async () => {
    const id = await sendToChannel(t, alice, "general", "moving", "box");
    const res = await t.call(alice, "PATCH", `/messages/${id}`, { stream_id: random, topic: "moved" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const msg = (await t.call(alice, "GET", `/messages/${id}`)).body.message;
    assert.equal(msg.stream_id, random);
    assert.equal(msg.display_recipient, "random");
    const history = (await t.call(alice, "GET", `/messages/${id}/history`)).body.message_history;
    assert.equal(history[1].prev_stream, general);
    assert.equal(history[1].stream, random);
    assert.deepEqual((await t.call(alice, "PATCH", `/messages/${id}`, { stream_id: general, content: "x" })).body, badRequest("Cannot change message content while changing channel"));
    const dm = await sendDirect(t, alice, [bob], "dm");
    assert.deepEqual((await t.call(alice, "PATCH", `/messages/${dm}`, { stream_id: general })).body, badRequest("Direct messages cannot be moved to channels."));
  });

  it("shows edit_history on message objects, newest first, as the organization lets members see it", async () => {
    const id = await sendToChannel(t, alice, "general", "history", "one");
    const untouched = await sendToChannel(t, alice, "general", "history", "never edited");
    const sent = Math.floor(t.clock.now().getTime() / 1000);
    t.clock.advance(10_000);
    await t.call(alice, "PATCH", `/messages/${id}`, { content: "two" });
    t.clock.advance(10_000);
    await t.call(alice, "PATCH", `/messages/${id}`, { topic: "moved", stream_id: random, propagate_mode: "change_one" });
    const edit = { user_id: alice.id, timestamp: sent + 10, prev_content: "one", prev_rendered_content: "<p>one</p>" };
    const move = { user_id: alice.id, timestamp: sent + 20, prev_topic: "history", topic: "moved", prev_stream: general, stream: random };
    const page = async () => (await fetchMessages(t, bob, [], { anchor: String(id), num_before: 0, num_after: 1 })).messages;
    const single = async () => (await t.call(bob, "GET", `/messages/${id}`)).body.message;
    const search = async () => (await fetchMessages(t, bob, [{ operator: "search", operand: "two" }], { anchor: "newest", num_before: 5, num_after: 0 })).messages.find((m: any) => m.id === id);
    for (const message of [(await page())[0], await single(), await search()]) assert.deepEqual(message.edit_history, [move, edit]);
    assert.equal("edit_history" in (await page())[1], false, "a message never edited has none");
    assert.equal((await page())[1].id, untouched);

    await setRealmMessageSettings(t.deps.db, owner.realmId, { message_edit_history_visibility_policy: "moves" });
    for (const message of [(await page())[0], await single()]) assert.deepEqual(message.edit_history, [move]);
    await setRealmMessageSettings(t.deps.db, owner.realmId, { message_edit_history_visibility_policy: "none" });
    for (const message of [(await page())[0], await single()]) assert.equal("edit_history" in message, false);
    await setRealmMessageSettings(t.deps.db, owner.realmId, { message_edit_history_visibility_policy: "all" });
  });

  it("deletes own messages and refuses others' for members", async () => {
    const mine = await sendToChannel(t, alice, "general", "bye", "delete me");
    const theirs = await sendToChannel(t, bob, "general", "bye", "not yours");
    assert.deepEqual((await t.call(alice, "DELETE", `/messages/${theirs}`)).body, badRequest("You don't have permission to delete this message"));
    assert.equal((await t.call(alice, "DELETE", `/messages/${mine}`)).status, 200);
    assert.deepEqual((await t.call(alice, "GET", `/messages/${mine}`)).body, badRequest("Invalid message(s)"));
    assert.equal((await t.call(owner, "DELETE", `/messages/${theirs}`)).status, 200);
    assert.equal((await fetchMessages(t, alice, [{ operator: "search", operand: "delete" }])).messages.length, 0);
  });
});
