// Message operations and their events: built per recipient (flags) and per queue (Markdown or
// HTML, avatar, empty topic), to exactly the users who may see them.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { capture, nextEvents, recipients, registerQueue, withoutIds, type Capture } from "./support.js";

describe("message events", () => {
  let t: ChatTest;
  let owner: Account;
  let mia: Account;
  let noah: Account;
  let bot: Account;
  let cap: Capture;
  let general: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    mia = await t.user(owner, { name: "Mia" });
    noah = await t.user(owner, { name: "Noah" });
    bot = await t.user(owner, { name: "Bot", botType: BOT_DEFAULT });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, mia.id] })).body.id;
    await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true });
    cap = capture(t);
  });
  after(() => t.close());

  const send = async (who: Account, params: Record<string, unknown>) => {
    const res = await t.call(who, "POST", "/messages", params);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.id as number;
  };

  it("sends each recipient its flags, and the sender's queue its local_message_id", async () => {
    const sender = await registerQueue(t, owner, { apply_markdown: true });
    const other = await registerQueue(t, owner, { apply_markdown: true });
    const reader = await registerQueue(t, mia, { apply_markdown: true });
    const outsider = await registerQueue(t, noah);
    const id = await send(owner, { type: "stream", to: "general", topic: "hi", content: "hello @**Mia**", queue_id: sender.id, local_id: "17.01" });
    // The sender's first message in a topic also follows it (user_topic), before the message.
    const [follow, mine] = await nextEvents(t, owner, sender);
    assert.deepEqual([follow.type, follow.visibility_policy], ["user_topic", 3]);
    assert.equal(mine.local_message_id, "17.01");
    assert.equal(mine.message.id, id);
    const [, theirs] = await nextEvents(t, owner, other);
    assert.equal("local_message_id" in theirs, false);
    // Mentioned users follow the topic too (automatically_follow_topics_where_mentioned).
    const miaEvents = await nextEvents(t, mia, reader);
    assert.deepEqual(miaEvents.map((e) => e.type), ["user_topic", "message"]);
    const miaEvent = miaEvents[1];
    assert.deepEqual(miaEvent.flags, ["mentioned"]);
    assert.deepEqual(Object.keys(miaEvent).sort(), ["flags", "id", "message", "type"]);
    assert.deepEqual(await nextEvents(t, noah, outsider), []);
    assert.deepEqual(recipients(cap.of("message").at(-1)!), [owner.id, mia.id]);
  });

  it("finishes the message per queue: Markdown or HTML, avatar URL or null, the empty topic or its name", async () => {
    const html = await registerQueue(t, mia, { apply_markdown: true, client_gravatar: false });
    const markdown = await registerQueue(t, mia, { apply_markdown: false, client_gravatar: true, client_capabilities: { empty_topic_name: true } });
    await send(owner, { type: "stream", to: "general", topic: "", content: "**bold**" });
    const [a] = await nextEvents(t, mia, html);
    const [b] = await nextEvents(t, mia, markdown);
    assert.deepEqual([a.message.content, a.message.content_type, a.message.subject], ["<p><strong>bold</strong></p>", "text/html", "general chat"]);
    assert.match(a.message.avatar_url, /^https:\/\/secure\.gravatar\.com\/avatar\//);
    assert.deepEqual([b.message.content, b.message.content_type, b.message.subject, b.message.avatar_url], ["**bold**", "text/x-markdown", "", null]);
    // The message as GET /messages/{id} shows it, apart from what the queue chose.
    const fetched = (await t.call(mia, "GET", `/messages/${a.message.id}`, { allow_empty_topic_name: true })).body.message;
    const { flags: _flags, ...fetchedRest } = fetched;
    assert.deepEqual({ ...b.message, content: fetchedRest.content, content_type: fetchedRest.content_type, avatar_url: fetchedRest.avatar_url }, fetchedRest);
  });

  it("sends a direct message to its participants only", async () => {
    const queues = await Promise.all([owner, mia, noah].map((who) => registerQueue(t, who)));
    const id = await send(mia, { type: "direct", to: [noah.id], content: "psst" });
    const [own, noahs, owners] = [await nextEvents(t, mia, queues[1]), await nextEvents(t, noah, queues[2]), await nextEvents(t, owner, queues[0])];
    assert.equal(own[0].message.id, id);
    assert.deepEqual(noahs[0].flags, []);
    assert.deepEqual(noahs[0].message.display_recipient.map((r: any) => r.id), [mia.id, noah.id]);
    assert.deepEqual(owners, []);
  });

  it("gives all_public_streams queues every public channel message, and filters narrowed queues", async () => {
    const everything = await registerQueue(t, bot, { all_public_streams: true });
    const narrowed = await registerQueue(t, mia, { narrow: [["stream", "general"], ["topic", "deploy"]] });
    const typed = await registerQueue(t, mia, { event_types: ["reaction"] });
    await send(owner, { type: "stream", to: "general", topic: "deploy", content: "shipping" });
    await send(owner, { type: "stream", to: "general", topic: "lunch", content: "pizza" });
    await send(owner, { type: "stream", to: "secret", topic: "x", content: "hidden" });
    assert.deepEqual((await nextEvents(t, bot, everything)).map((e) => [e.message.content, e.flags]), [
      ["<p>shipping</p>", []],
      ["<p>pizza</p>", []],
    ].map(([c, f]) => [String(c).replace(/<\/?p>/g, ""), f]));
    assert.deepEqual((await nextEvents(t, mia, narrowed)).map((e) => e.message.content), ["shipping"]);
    assert.deepEqual(await nextEvents(t, mia, typed), []);
  });

  it("edits: update_message with each recipient's flags, history subscribers as read", async () => {
    const id = await send(owner, { type: "stream", to: "general", topic: "plans", content: "draft" });
    await t.call(noah, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }] });
    const queue = await registerQueue(t, noah);
    cap.clear();
    const res = await t.call(owner, "PATCH", `/messages/${id}`, { content: "final @**Mia**" });
    assert.equal(res.status, 200);
    const [update] = cap.of("update_message");
    assert.deepEqual(update.users, [
      { id: owner.id, flags: [] },
      { id: mia.id, flags: ["mentioned"] },
      { id: noah.id, flags: ["read"] },
    ]);
    const [event] = await nextEvents(t, noah, queue);
    assert.deepEqual([event.type, event.message_id, event.content, event.flags, event.rendering_only], ["update_message", id, "final @**Mia**", ["read"], false]);
  });

  it("reacts and deletes: to everyone holding the message and the channel's history subscribers", async () => {
    const id = await send(owner, { type: "stream", to: "general", topic: "react", content: "nice" });
    const bulk = await registerQueue(t, mia, { client_capabilities: { bulk_message_deletion: true } });
    const single = await registerQueue(t, mia);
    cap.clear();
    assert.equal((await t.call(mia, "POST", `/messages/${id}/reactions`, { emoji_name: "tada" })).status, 200);
    const [reaction] = cap.of("reaction");
    assert.deepEqual(recipients(reaction), [owner.id, mia.id, noah.id]);
    assert.deepEqual(reaction.event, {
      type: "reaction",
      op: "add",
      user_id: mia.id,
      user: { user_id: mia.id, email: mia.email, full_name: "Mia" },
      message_id: id,
      emoji_name: "tada",
      emoji_code: "1f389",
      reaction_type: "unicode_emoji",
    });
    assert.equal((await t.call(owner, "DELETE", `/messages/${id}`)).status, 200);
    assert.deepEqual(recipients(cap.of("delete_message")[0]), [owner.id, mia.id, noah.id]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, bulk)).at(-1), { type: "delete_message", message_ids: [id], message_type: "stream", stream_id: general, topic: "react" });
    assert.deepEqual(withoutIds(await nextEvents(t, mia, single)).at(-1), { type: "delete_message", message_type: "stream", stream_id: general, topic: "react", message_id: id });
  });

  it("changes flags: folds successive updates, details messages marked unread, and marks all read", async () => {
    const a = await send(owner, { type: "stream", to: "general", topic: "f", content: "one" });
    const b = await send(owner, { type: "direct", to: [mia.id], content: "two" });
    const queue = await registerQueue(t, mia);
    await t.call(mia, "POST", "/messages/flags", { messages: [a], op: "add", flag: "starred" });
    await t.call(mia, "POST", "/messages/flags", { messages: [b], op: "add", flag: "starred" });
    await t.call(mia, "POST", "/messages/flags", { messages: [a, b], op: "add", flag: "read" });
    await t.call(mia, "POST", "/messages/flags", { messages: [a, b], op: "remove", flag: "read" });
    const events = withoutIds(await nextEvents(t, mia, queue));
    assert.deepEqual(events.slice(0, 2), [
      { type: "update_message_flags", op: "add", operation: "add", flag: "starred", messages: [a, b], all: false },
      { type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: [a, b], all: false },
    ]);
    assert.deepEqual(events[2].message_details, {
      [a]: { type: "stream", stream_id: general, topic: "f", unmuted_stream_msg: true },
      [b]: { type: "private", user_ids: [owner.id] },
    });
    await t.call(mia, "POST", "/mark_all_as_read");
    assert.deepEqual(withoutIds(await nextEvents(t, mia, queue)), [{ type: "update_message_flags", op: "add", operation: "add", flag: "read", messages: [], all: true }]);
  });

  it("sets a topic's visibility: muted_topics for older clients, user_topic for newer ones", async () => {
    const both = await registerQueue(t, mia, { event_types: ["user_topic", "muted_topics"] });
    const old = await registerQueue(t, mia, { event_types: ["muted_topics"] });
    assert.equal((await t.call(mia, "POST", "/user_topics", { stream_id: general, topic: "noise", visibility_policy: 1 })).status, 200);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, both)), [{ type: "user_topic", stream_id: general, topic_name: "noise", last_updated: 1736942400, visibility_policy: 1 }]);
    assert.deepEqual(withoutIds(await nextEvents(t, mia, old)), [{ type: "muted_topics", muted_topics: [["general", "noise", 1736942400]] }]);
  });
});
