import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";

describe("POST /messages", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice", email: "alice@example.com" });
    bob = await t.user(owner, { name: "Bob", email: "bob@example.com" });
    general = await createChannel(t, owner, "general", [owner, alice, bob]);
  });
  after(() => t.close());

  it("sends a channel message by channel name with every type alias", async () => {
    for (const type of ["stream", "channel"]) {
      const res = await t.call(alice, "POST", "/messages", { type, to: "general", topic: "greetings", content: "hello" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(typeof res.body.id, "number");
      assert.match(res.body.message_url, new RegExp(`/#narrow/channel/${general}-general/topic/greetings/near/${res.body.id}$`));
      assert.equal(res.body.message_link, `[#general > greetings @ 💬](${res.body.message_url})`);
    }
  });

  it("sends to a channel named by id, as a number or a one-element JSON list", async () => {
    for (const to of [String(general), JSON.stringify([general]), JSON.stringify(["general"])]) {
      const res = await t.call(alice, "POST", "/messages", { type: "stream", to, topic: "ids", content: "by id" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
  });

  it("sends direct messages to ids, emails, or a comma-separated list, with every type alias", async () => {
    for (const [type, to] of [
      ["direct", [bob.id]],
      ["private", ["bob@example.com"]],
      ["private", "bob@example.com"],
      ["direct", `${bob.email},${owner.email}`],
    ] as const) {
      const res = await t.call(alice, "POST", "/messages", { type, to, content: "psst" });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.match(res.body.message_url, /#narrow\/dm\//);
    }
    const got = await fetchMessages(t, bob, [{ operator: "dm", operand: [alice.id] }]);
    assert.equal(got.messages.length, 3);
    assert.deepEqual(got.messages[0].display_recipient.map((r: any) => r.id).sort(), [alice.id, bob.id].sort());
  });

  it("refuses unknown channels and users with Zulip's errors", async () => {
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "nowhere", topic: "x", content: "hi" })).body, {
      result: "error",
      msg: "Channel 'nowhere' does not exist",
      code: "STREAM_DOES_NOT_EXIST",
      stream: "nowhere",
    });
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "9999", topic: "x", content: "hi" })).body.code, "STREAM_DOES_NOT_EXIST");
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "direct", to: ["nobody@example.com"], content: "hi" })).body, badRequest("Invalid email 'nobody@example.com'"));
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "direct", to: [9999], content: "hi" })).body, badRequest("Invalid user ID 9999"));
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "direct", to: [bob.id, "x@y.z"], content: "hi" })).body, badRequest("Recipient lists may contain emails or user IDs, but not both."));
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "carrier-pigeon", to: "general", topic: "x", content: "hi" })).body, badRequest("Invalid type"));
  });

  it("validates content and topic", async () => {
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "x", content: "  \n " })).body, badRequest("Message must not be empty"));
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "general", content: "hi" })).body, badRequest("Missing topic"));
    const long = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "t".repeat(70), content: "x".repeat(10050) });
    assert.equal(long.status, 200);
    const got = await t.call(alice, "GET", `/messages/${long.body.id}`);
    assert.equal(got.body.raw_content.length, 10000);
    assert.ok(got.body.raw_content.endsWith("\n[message truncated]"));
    assert.equal(got.body.message.subject, `${"t".repeat(57)}...`);
  });

  it("answers a NUL in the content or the topic with Zulip's own messages, not the generic one", async () => {
    const content = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "x", content: "a\u0000b" });
    assert.deepEqual([content.status, content.body], [400, badRequest("Message must not contain null bytes")]);
    const topic = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "a\u0000b", content: "hi" });
    assert.deepEqual([topic.status, topic.body], [400, badRequest("Invalid character in topic, at position 2!")]);
    const other = await t.call(alice, "POST", "/messages", { type: "stream", to: "general\u0000", topic: "x", content: "hi" });
    assert.deepEqual([other.status, other.body], [400, badRequest("to must not contain null bytes")]);
  });

  it("treats '(no topic)' and 'general chat' as the empty topic, shown per allow_empty_topic_name", async () => {
    const a = await sendToChannel(t, alice, "general", "(no topic)", "one");
    const b = await sendToChannel(t, alice, "general", "general chat", "two");
    const c = await sendToChannel(t, alice, "general", "", "three");
    const legacy = await fetchMessages(t, alice, [{ operator: "channel", operand: "general" }, { operator: "topic", operand: "" }]);
    assert.deepEqual(legacy.messages.map((m: any) => m.id), [a, b, c]);
    assert.ok(legacy.messages.every((m: any) => m.subject === "general chat"));
    const modern = await fetchMessages(t, alice, [{ operator: "topic", operand: "general chat" }], { allow_empty_topic_name: true });
    assert.ok(modern.messages.every((m: any) => m.subject === ""));
  });

  it("applies the channel's topics policy to the empty topic", async () => {
    await t.deps.db.updateTable("streams").set({ topics_policy: "disable_empty_topic" }).where("id", "=", general).execute();
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "", content: "hi" })).body, badRequest("Sending messages to the general chat is not allowed in this channel."));
    await t.deps.db.updateTable("streams").set({ topics_policy: "empty_topic_only" }).where("id", "=", general).execute();
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "news", content: "hi" })).body, badRequest("Only the general chat topic is allowed in this channel."));
    await t.deps.db.updateTable("streams").set({ topics_policy: "inherit" }).where("id", "=", general).execute();
  });

  it("requires queue_id and local_id together", async () => {
    const res = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "x", content: "hi", queue_id: "q1" });
    assert.equal(res.body.code, "REQUEST_VARIABLE_MISSING");
    assert.equal(res.body.var_name, "local_id");
    assert.equal((await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "x", content: "hi", queue_id: "q1", local_id: "1" })).status, 200);
  });

  it("marks the message read for the sender when read_by_sender is set or the client is a UI", async () => {
    const unread = await sendToChannel(t, alice, "general", "flags", "api send");
    const read = (await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "flags", content: "x", read_by_sender: true })).body.id;
    const ui = (await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "flags", content: "y" }, { headers: { "user-agent": "ZulipTerminal/0.7.0 Linux" } })).body.id;
    const got = await fetchMessages(t, alice, [{ operator: "topic", operand: "flags" }]);
    const flags = new Map(got.messages.map((m: any) => [m.id, m.flags]));
    assert.deepEqual(flags.get(unread), []);
    assert.deepEqual(flags.get(read), ["read"]);
    assert.deepEqual(flags.get(ui), ["read"]);
    assert.equal(got.messages.find((m: any) => m.id === ui).client, "ZulipTerminal");
  });

  it("sets mention flags for mentioned users and wildcard mentions", async () => {
    const id = await sendToChannel(t, alice, "general", "mentions", "hi @**Bob** and @**all**");
    const bobView = (await t.call(bob, "GET", `/messages/${id}`)).body.message;
    assert.deepEqual(bobView.flags, ["mentioned", "stream_wildcard_mentioned", "wildcard_mentioned"]);
    const ownerView = (await t.call(owner, "GET", `/messages/${id}`)).body.message;
    assert.deepEqual(ownerView.flags, ["stream_wildcard_mentioned", "wildcard_mentioned"]);
  });

  it("refuses channel wildcard mentions in large channels without permission", async () => {
    const crowd: Account[] = [];
    for (let i = 0; i < 16; i++) crowd.push(await t.user(owner));
    await createChannel(t, owner, "crowd", [alice, ...crowd]);
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "crowd", topic: "x", content: "@**all** hello" })).body, {
      result: "error",
      msg: "You do not have permission to use channel wildcard mentions in this channel.",
      code: "STREAM_WILDCARD_MENTION_NOT_ALLOWED",
    });
    assert.equal((await t.call(owner, "POST", "/messages", { type: "stream", to: "crowd", topic: "x", content: "@**all** hello" })).status, 200);
  });

  it("keeps private channels to their subscribers and guests to their channels", async () => {
    await createChannel(t, owner, "secret", [owner], { invite_only: true });
    assert.deepEqual((await t.call(alice, "POST", "/messages", { type: "stream", to: "secret", topic: "x", content: "hi" })).body, badRequest("Not authorized to send to channel 'secret'"));
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.deepEqual((await t.call(guest, "POST", "/messages", { type: "stream", to: "general", topic: "x", content: "hi" })).body, badRequest("Not authorized to send to channel 'general'"));
  });

  it("follows a topic the sender starts and reports it", async () => {
    const res = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "brand new", content: "first" });
    assert.equal(res.body.automatic_new_visibility_policy, 3);
    const again = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "brand new", content: "second" });
    assert.equal("automatic_new_visibility_policy" in again.body, false);
  });

  it("does not follow a topic for a reply, and leaves starting topics to can_create_topic_group", async () => {
    await sendToChannel(t, alice, "general", "started by alice", "first");
    const reply = await t.call(bob, "POST", "/messages", { type: "stream", to: "general", topic: "started by alice", content: "a reply" });
    assert.equal(reply.status, 200);
    assert.equal("automatic_new_visibility_policy" in reply.body, false);

    const groupId = async (name: string) =>
      (await t.deps.db.selectFrom("user_groups").select("id").where("realm_id", "=", owner.realmId).where("name", "=", name).executeTakeFirstOrThrow()).id;
    const setCreators = async (name: string) => t.deps.db.updateTable("streams").set({ can_create_topic_group: await groupId(name) }).where("id", "=", general).execute();
    await setCreators("role:administrators");
    try {
      assert.deepEqual(
        (await t.call(bob, "POST", "/messages", { type: "stream", to: "general", topic: "started by bob", content: "hi" })).body,
        badRequest("You do not have permission to create new topics in this channel."),
      );
      const inExisting = await t.call(bob, "POST", "/messages", { type: "stream", to: "general", topic: "started by alice", content: "still fine" });
      assert.equal(inExisting.status, 200);
      const byOwner = await t.call(owner, "POST", "/messages", { type: "stream", to: "general", topic: "started by the owner", content: "hi" });
      assert.equal(byOwner.body.automatic_new_visibility_policy, 3);
    } finally {
      await setCreators("role:everyone");
    }
  });

  it("renders a preview without sending (POST /messages/render)", async () => {
    const res = await t.call(alice, "POST", "/messages/render", { content: "**hi** @**Bob**" });
    assert.equal(res.status, 200);
    assert.match(res.body.rendered, /^<p><strong>hi<\/strong> <span class="user-mention" data-user-id="\d+">@Bob<\/span><\/p>$/);
  });

  it("turns emoticons into emoji when the sender set translate_emoticons, also in their edits", async () => {
    const smile = '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';
    const heart = '<span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span>';
    const content = async (id: number) => (await t.call(owner, "GET", `/messages/${id}`)).body.message.content;
    const plain = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "moods", content: "fine :) <3" });
    assert.equal(await content(plain.body.id), "<p>fine :) &lt;3</p>", "off by default");
    assert.equal((await t.call(alice, "PATCH", "/settings", { translate_emoticons: true })).status, 200);
    const sent = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "moods", content: "fine :) <3 but not a:)" });
    assert.equal(await content(sent.body.id), `<p>fine ${smile} ${heart} but not a:)</p>`);
    assert.equal((await t.call(alice, "POST", "/messages/render", { content: ":)" })).body.rendered, `<p>${smile}</p>`);
    assert.equal((await t.call(bob, "POST", "/messages/render", { content: ":)" })).body.rendered, "<p>:)</p>", "Bob's own setting is off");
    assert.equal((await t.call(alice, "PATCH", `/messages/${sent.body.id}`, { content: "edited :)" })).status, 200);
    assert.equal(await content(sent.body.id), `<p>edited ${smile}</p>`);
    await t.call(alice, "PATCH", "/settings", { translate_emoticons: false });
    const after = await t.call(alice, "POST", "/messages", { type: "stream", to: "general", topic: "moods", content: ":)" });
    assert.equal(await content(after.body.id), "<p>:)</p>");
  });
});
