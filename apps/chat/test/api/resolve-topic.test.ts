// Resolving and unresolving topics through PATCH /messages/{id}: the Notification Bot's notices,
// the undo grace period, read state per resolved_topic_notice_auto_read_policy, and permissions.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("resolved-topic notices", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let general: number;
  let archive: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    general = await createChannel(t, owner, "general", [owner, alice, bob]);
    archive = await createChannel(t, owner, "archive", [owner, alice, bob]);
  });
  after(() => t.close());

  const topic = async (who: Account, channel: number, name: string) => (await fetchMessages(t, who, [{ operator: "channel", operand: channel }, { operator: "topic", operand: name }])).messages;
  const raw = async (id: number) => (await t.call(owner, "GET", `/messages/${id}`)).body.raw_content;
  const rename = (who: Account, id: number, to: string, extra: Record<string, unknown> = {}) => t.call(who, "PATCH", `/messages/${id}`, { topic: to, propagate_mode: "change_all", ...extra });

  it("posts 'has marked this topic as resolved' in the resolved topic, and no move notice", async () => {
    const id = await sendToChannel(t, bob, "general", "printer", "it is broken");
    t.clock.advance(120_000);
    const res = await rename(alice, id, "✔ printer");
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const messages = await topic(owner, general, "✔ printer");
    assert.equal(messages.length, 2);
    const notice = messages[1];
    assert.equal(notice.sender_full_name, "Notification Bot");
    assert.equal(await raw(notice.id), `@_**Alice|${alice.id}** has marked this topic as resolved.`);
    // With the default policy (except_followed) only followers get it unread: Bob started the
    // topic, so he follows it (automatically_follow_topics_policy on initiation).
    assert.ok(notice.flags.includes("read"), JSON.stringify(notice.flags));
    assert.equal((await topic(bob, general, "✔ printer"))[1].flags.includes("read"), false);
  });

  it("posts 'as unresolved' when the prefix is removed again after the grace period", async () => {
    t.clock.advance(61_000);
    const [first] = await topic(owner, general, "✔ printer");
    assert.equal((await rename(bob, first.id, "printer")).status, 200);
    const messages = await topic(owner, general, "printer");
    assert.equal(messages.length, 3);
    assert.equal(await raw(messages[2].id), `@_**Bob|${bob.id}** has marked this topic as unresolved.`);
  });

  it("withdraws the previous notice instead of posting a new one when undone within a minute", async () => {
    const [first] = await topic(owner, general, "printer");
    t.clock.advance(61_000);
    assert.equal((await rename(owner, first.id, "✔ printer")).status, 200);
    const resolved = await topic(owner, general, "✔ printer");
    assert.equal(resolved.length, 4);
    t.clock.advance(30_000);
    assert.equal((await rename(owner, first.id, "printer")).status, 200);
    const back = await topic(owner, general, "printer");
    assert.equal(back.length, 3, "the resolve notice was deleted and no unresolve notice posted");
    assert.equal((await t.call(owner, "GET", `/messages/${resolved[3].id}`)).status, 400);
  });

  it("leaves the notice unread for followers (except_followed) and for 'never', and read for 'always'", async () => {
    const id = await sendToChannel(t, owner, "general", "deploy", "ship it");
    assert.equal((await t.call(alice, "POST", "/user_topics", { stream_id: general, topic: "deploy", visibility_policy: 3 })).status, 200);
    assert.equal((await t.call(bob, "PATCH", "/settings", { resolved_topic_notice_auto_read_policy: "never" })).status, 200);
    assert.equal((await t.call(owner, "PATCH", "/settings", { resolved_topic_notice_auto_read_policy: "always" })).status, 200);
    t.clock.advance(120_000);
    assert.equal((await rename(owner, id, "✔ deploy")).status, 200);
    const flagsOf = async (who: Account) => (await topic(who, general, "✔ deploy"))[1].flags as string[];
    assert.equal((await flagsOf(alice)).includes("read"), false, "alice follows the topic");
    assert.equal((await flagsOf(bob)).includes("read"), false, "bob's policy is never");
    assert.equal((await flagsOf(owner)).includes("read"), true, "the resolver has it read");
  });

  it("sends no resolve notice when the channel changes too, or the content is edited with the topic", async () => {
    const id = await sendToChannel(t, owner, "general", "moving", "box");
    t.clock.advance(120_000);
    assert.equal((await rename(owner, id, "✔ moving", { stream_id: archive })).status, 200);
    const moved = await topic(owner, archive, "✔ moving");
    assert.equal(moved.length, 2);
    assert.match(await raw(moved[1].id), /^This topic was moved here from #\*\*general>moving\*\* by /);

    const mine = await sendToChannel(t, owner, "general", "edited", "typo");
    t.clock.advance(120_000);
    assert.equal((await t.call(owner, "PATCH", `/messages/${mine}`, { topic: "✔ edited", content: "fixed" })).status, 200);
    assert.equal((await topic(owner, general, "✔ edited")).length, 1);
  });

  it("checks can_resolve_topics_group with its own message, and refuses resolving the empty topic", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST, name: "Gus" });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }], principals: [guest.id] });
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups as { id: number; name: string }[];
    const admins = groups.find((g) => g.name === "role:administrators")!.id;
    await t.deps.db.updateTable("realm_group_settings").set({ group_id: admins }).where("realm_id", "=", owner.realmId).where("name", "=", "can_resolve_topics_group").execute();
    const id = await sendToChannel(t, alice, "general", "perm", "x");
    assert.deepEqual((await rename(alice, id, "✔ perm")).body, badRequest("You don't have permission to resolve topics in this channel."));
    assert.equal((await rename(owner, id, "✔ perm")).status, 200);
    const empty = await sendToChannel(t, alice, "general", "", "no topic");
    assert.deepEqual((await rename(owner, empty, "✔ general chat")).body, badRequest("General chat cannot be marked as resolved"));
    assert.deepEqual((await rename(owner, empty, "✔")).body, badRequest("General chat cannot be marked as resolved"));
  });
});
