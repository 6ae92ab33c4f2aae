import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { createChannel, fetchMessages, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("GET /messages", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let ids: number[];
  let dm: number;
  let groupDm: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice", email: "alice@example.com" });
    bob = await t.user(owner, { name: "Bob", email: "bob@example.com" });
    carol = await t.user(owner, { name: "Carol", email: "carol@example.com" });
    await createChannel(t, owner, "general", [owner, alice, bob]);
    await createChannel(t, owner, "random", [owner, alice]);
    ids = [];
    for (let i = 0; i < 10; i++) ids.push(await sendToChannel(t, i % 2 ? alice : bob, "general", i < 5 ? "alpha" : "Beta", `message number ${i} about gardening`));
    ids.push(await sendToChannel(t, alice, "random", "alpha", "a link https://example.com here"));
    dm = await sendDirect(t, alice, [bob], "just between us");
    groupDm = await sendDirect(t, alice, [bob, carol], "the three of us");
  });
  after(() => t.close());

  it("returns the newest messages oldest first with the anchor sentinel", async () => {
    const res = await fetchMessages(t, alice, [], { num_before: 3 });
    assert.equal(res.anchor, 10000000000000000);
    assert.deepEqual(res.messages.map((m: any) => m.id), [ids[10], dm, groupDm]);
    assert.equal(res.found_newest, true);
    assert.equal(res.found_oldest, false);
    assert.equal(res.found_anchor, false);
    assert.equal(res.history_limited, false);
    const m = res.messages[0];
    assert.equal(m.type, "stream");
    assert.equal(m.display_recipient, "random");
    assert.equal(m.subject, "alpha");
    assert.equal(m.content, "<p>a link <a href=\"https://example.com\">https://example.com</a> here</p>");
    assert.equal(m.content_type, "text/html");
    assert.equal(m.avatar_url, null);
    assert.equal(m.sender_email, "alice@example.com");
    assert.deepEqual(m.reactions, []);
    assert.deepEqual(res.messages[1].display_recipient.map((r: any) => r.id), [alice.id, bob.id].sort((a, b) => a - b));
    assert.equal(res.messages[1].type, "private");
  });

  it("walks around a numeric anchor, with and without the anchor itself", async () => {
    const around = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }], { anchor: String(ids[4]), num_before: 2, num_after: 2 });
    assert.deepEqual(around.messages.map((m: any) => m.id), ids.slice(2, 7));
    assert.equal(around.found_anchor, true);
    assert.equal(around.anchor, ids[4]);
    const older = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }], { anchor: String(ids[4]), num_before: 2, num_after: 0, include_anchor: false });
    assert.deepEqual(older.messages.map((m: any) => m.id), [ids[2], ids[3]]);
    const newer = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }], { anchor: String(ids[4]), num_before: 0, num_after: 2, include_anchor: false });
    assert.deepEqual(newer.messages.map((m: any) => m.id), [ids[5], ids[6]]);
    const oldest = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }], { anchor: "oldest", num_before: 0, num_after: 3 });
    assert.deepEqual(oldest.messages.map((m: any) => m.id), ids.slice(0, 3));
    assert.equal(oldest.found_oldest, true);
    assert.equal(oldest.anchor, 0);
  });

  it("refuses to exclude an anchor in the middle of the window, as Zulip", async () => {
    const res = await t.call(alice, "GET", "/messages", { anchor: String(ids[4]), num_before: 2, num_after: 2, include_anchor: false, narrow: [] });
    assert.deepEqual(res.body, badRequest("The anchor can only be excluded at an end of the range"));
    const flags = await t.call(alice, "POST", "/messages/flags/narrow", { anchor: String(ids[4]), num_before: 1, num_after: 1, include_anchor: false, narrow: [], op: "add", flag: "read" });
    assert.deepEqual(flags.body, badRequest("The anchor can only be excluded at an end of the range"));
  });

  it("anchors at the first unread message", async () => {
    await t.call(alice, "POST", "/messages/flags", { messages: ids.slice(0, 4), op: "add", flag: "read" });
    const res = await fetchMessages(t, alice, [{ operator: "stream", operand: "general" }], { anchor: "first_unread", num_before: 1, num_after: 1 });
    assert.equal(res.anchor, ids[4]);
    assert.deepEqual(res.messages.map((m: any) => m.id), [ids[3], ids[4], ids[5]]);
  });

  it("narrows by channel, topic (case-insensitively), sender and id, with negation", async () => {
    const topic = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }, { operator: "topic", operand: "beta" }]);
    assert.deepEqual(topic.messages.map((m: any) => m.id), ids.slice(5, 10));
    const sender = await fetchMessages(t, alice, [{ operator: "sender", operand: "bob@example.com" }, { operator: "channel", operand: "general" }]);
    assert.deepEqual(sender.messages.map((m: any) => m.id), [0, 2, 4, 6, 8].map((i) => ids[i]));
    const negated = await fetchMessages(t, alice, [["stream", "general"], { operator: "topic", operand: "alpha", negated: true }]);
    assert.deepEqual(negated.messages.map((m: any) => m.id), ids.slice(5, 10));
    const byId = await fetchMessages(t, alice, [{ operator: "id", operand: ids[3] }]);
    assert.deepEqual(byId.messages.map((m: any) => m.id), [ids[3]]);
  });

  it("narrows to direct messages by conversation, participant and is:dm", async () => {
    assert.deepEqual((await fetchMessages(t, bob, [{ operator: "dm", operand: "alice@example.com" }])).messages.map((m: any) => m.id), [dm]);
    assert.deepEqual((await fetchMessages(t, bob, [{ operator: "pm-with", operand: [alice.id, carol.id] }])).messages.map((m: any) => m.id), [groupDm]);
    assert.deepEqual((await fetchMessages(t, bob, [{ operator: "dm-including", operand: carol.id }])).messages.map((m: any) => m.id), [groupDm]);
    assert.deepEqual((await fetchMessages(t, bob, [{ operator: "group-pm-with", operand: "alice@example.com" }])).messages.map((m: any) => m.id), [groupDm]);
    assert.deepEqual((await fetchMessages(t, bob, [{ operator: "is", operand: "private" }])).messages.map((m: any) => m.id), [dm, groupDm]);
  });

  it("narrows by flags and content properties", async () => {
    await t.call(alice, "POST", "/messages/flags", { messages: [ids[1]], op: "add", flag: "starred" });
    assert.deepEqual((await fetchMessages(t, alice, [{ operator: "is", operand: "starred" }])).messages.map((m: any) => m.id), [ids[1]]);
    assert.deepEqual((await fetchMessages(t, alice, [{ operator: "has", operand: "link" }])).messages.map((m: any) => m.id), [ids[10]]);
    const unread = await fetchMessages(t, alice, [{ operator: "is", operand: "unread" }, { operator: "channel", operand: "general" }]);
    assert.ok(unread.messages.every((m: any) => !m.flags.includes("read")));
  });

  it("searches full text with stemming and highlights matches", async () => {
    const res = await fetchMessages(t, alice, [{ operator: "search", operand: "garden" }, { operator: "topic", operand: "alpha" }]);
    assert.deepEqual(res.messages.map((m: any) => m.id), ids.slice(0, 5));
    assert.equal(res.messages[0].match_content, '<p>message number 0 about <span class="highlight">gardening</span></p>');
    assert.equal(res.messages[0].match_subject, "alpha");
    const phrase = await fetchMessages(t, alice, [{ operator: "search", operand: '"number 3"' }]);
    assert.deepEqual(phrase.messages.map((m: any) => m.id), [ids[3]]);
  });

  it("walks a search newest or oldest first from any anchor, with further and negated search terms", async () => {
    const search = [{ operator: "search", operand: "gardening" }];
    const ids_ = (res: any) => res.messages.map((m: any) => m.id);
    const newest = await fetchMessages(t, alice, search, { num_before: 3 });
    assert.deepEqual(ids_(newest), ids.slice(7, 10));
    assert.equal(newest.found_oldest, false);
    const around = await fetchMessages(t, alice, search, { anchor: String(ids[4]), num_before: 2, num_after: 2 });
    assert.deepEqual(ids_(around), ids.slice(2, 7));
    assert.equal(around.found_anchor, true);
    const oldest = await fetchMessages(t, alice, search, { anchor: "oldest", num_before: 0, num_after: 3 });
    assert.deepEqual(ids_(oldest), ids.slice(0, 3));
    assert.equal(oldest.found_newest, false);
    const after = await fetchMessages(t, alice, search, { anchor: String(ids[8]), num_before: 0, num_after: 5, include_anchor: false });
    assert.deepEqual(ids_(after), [ids[9]]);
    assert.equal(after.found_newest, true);
    assert.deepEqual(ids_(await fetchMessages(t, alice, [...search, { operator: "search", operand: "number 3" }])), [ids[3]]);
    const negated = await fetchMessages(t, alice, [...search, { operator: "search", operand: "3", negated: true }, { operator: "topic", operand: "alpha" }]);
    assert.deepEqual(ids_(negated), [0, 1, 2, 4].map((i) => ids[i]));
    assert.equal(negated.messages[0].match_content, '<p>message number 0 about <span class="highlight">gardening</span></p>');
    assert.deepEqual(ids_(await fetchMessages(t, alice, [{ operator: "search", operand: "gardening nowhere" }])), []);
  });

  it("searches a public channel's history for a user who received none of it", async () => {
    const res = await fetchMessages(t, carol, [{ operator: "channel", operand: "general" }, { operator: "search", operand: "gardening" }], { num_before: 4 });
    assert.deepEqual(res.messages.map((m: any) => m.id), ids.slice(6, 10));
    assert.deepEqual(res.messages[0].flags, ["read", "historical"]);
    assert.equal(res.found_oldest, false);
    const older = await fetchMessages(t, carol, [{ operator: "channel", operand: "general" }, { operator: "search", operand: "gardening" }], { anchor: String(ids[6]), num_before: 10, num_after: 0, include_anchor: false });
    assert.deepEqual(older.messages.map((m: any) => m.id), ids.slice(0, 6));
    assert.equal(older.found_oldest, true);
  });

  it("fetches exactly the given message_ids and refuses mixing them with an anchor", async () => {
    const res = await t.call(alice, "GET", "/messages", { message_ids: [ids[0], ids[2], 999999] });
    assert.deepEqual(res.body.messages.map((m: any) => m.id), [ids[0], ids[2]]);
    assert.equal("anchor" in res.body, false);
    const mixed = await t.call(alice, "GET", "/messages", { message_ids: [ids[0]], anchor: "newest" });
    assert.deepEqual(mixed.body, badRequest("Unsupported parameter combination: message_ids, anchor", { parameters: "message_ids, anchor" }));
  });

  it("validates anchors, limits and narrows", async () => {
    assert.deepEqual((await t.call(alice, "GET", "/messages", { anchor: "middle", num_before: 1, num_after: 1 })).body, badRequest("Invalid anchor"));
    assert.deepEqual((await t.call(alice, "GET", "/messages", { anchor: "newest", num_before: 4000, num_after: 1001 })).body, badRequest("Too many messages requested (maximum 5000)."));
    const unknown = await t.call(alice, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "channel", operand: "nowhere" }] });
    assert.equal(unknown.body.code, "BAD_NARROW");
    const badIs = await t.call(alice, "GET", "/messages", { anchor: "newest", num_before: 1, num_after: 0, narrow: [{ operator: "is", operand: "sleepy" }] });
    assert.equal(badIs.body.code, "BAD_NARROW");
  });

  it("returns raw Markdown when apply_markdown is false and gravatar URLs when client_gravatar is false", async () => {
    const res = await fetchMessages(t, alice, [{ operator: "id", operand: ids[10] }], { apply_markdown: false, client_gravatar: false });
    assert.equal(res.messages[0].content, "a link https://example.com here");
    assert.equal(res.messages[0].content_type, "text/x-markdown");
    assert.match(res.messages[0].avatar_url, /^https:\/\/secure\.gravatar\.com\/avatar\//);
  });

  it("shows a public channel's history to non-subscribers but not to guests", async () => {
    const channelHistory = await fetchMessages(t, carol, [{ operator: "channel", operand: "general" }]);
    assert.equal(channelHistory.messages.length, 10);
    assert.ok(channelHistory.messages.every((m: any) => m.flags.includes("historical") && m.flags.includes("read")));
    assert.equal((await fetchMessages(t, carol, [])).messages.length, 1);
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.equal((await fetchMessages(t, guest, [{ operator: "channel", operand: "general" }])).messages.length, 0);
  });

  it("keeps private channels with protected history to what each subscriber received", async () => {
    await createChannel(t, owner, "vault", [owner], { invite_only: true, history_public_to_subscribers: false });
    const early = await sendToChannel(t, owner, "vault", "x", "before alice");
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "vault" }], principals: [alice.id] });
    const late = await sendToChannel(t, owner, "vault", "x", "after alice");
    assert.deepEqual((await fetchMessages(t, alice, [{ operator: "channel", operand: "vault" }])).messages.map((m: any) => m.id), [late]);
    assert.equal((await t.call(alice, "GET", `/messages/${early}`)).body.msg, "Invalid message(s)");
    assert.equal((await fetchMessages(t, bob, [{ operator: "channel", operand: "vault" }])).messages.length, 0);
    assert.deepEqual((await t.call(carol, "GET", `/messages/${dm}`)).body, badRequest("Invalid message(s)"));
  });

  it("keeps realms apart", async () => {
    const other = await t.realm();
    assert.deepEqual((await t.call(other, "GET", `/messages/${ids[0]}`)).body, badRequest("Invalid message(s)"));
    assert.equal((await fetchMessages(t, other, [])).messages.length, 0);
  });
});

describe("GET /messages/{message_id}", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    await createChannel(t, owner, "general", [owner]);
  });
  after(() => t.close());

  it("returns the message with its raw content and flags", async () => {
    const id = await sendToChannel(t, owner, "general", "hello", "**bold** move");
    const res = await t.call(owner, "GET", `/messages/${id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.raw_content, "**bold** move");
    assert.equal(res.body.message.content, "<p><strong>bold</strong> move</p>");
    assert.deepEqual(res.body.message.flags, []);
    const markdown = await t.call(owner, "GET", `/messages/${id}`, { apply_markdown: false });
    assert.equal(markdown.body.message.content, "**bold** move");
    assert.deepEqual((await t.call(owner, "GET", "/messages/12345678")).body, badRequest("Invalid message(s)"));
  });
});
