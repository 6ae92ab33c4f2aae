import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, fetchMessages, messagesTest, sendToChannel } from "./messages-support.js";
import { capture, recipients } from "../events/support.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { doDeleteTopic } from "../../src/actions/delete-topic.js";
import { messageScope } from "../../src/actions/message-context.js";
import { getRealm } from "../../src/store/realms.js";
import { userInRealm } from "../../src/store/users.js";

describe("POST /streams/{stream_id}/delete_topic", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let alice: Account;
  let general: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    alice = await t.user(owner);
    general = await createChannel(t, owner, "general", [owner, admin, alice]);
  });
  after(() => t.close());

  const topic = async (name: string) => (await fetchMessages(t, owner, [{ operator: "channel", operand: general }, { operator: "topic", operand: name }])).messages;

  it("deletes every message of the topic, case-insensitively, and nothing else", async () => {
    await sendToChannel(t, alice, "general", "Spam", "one");
    await sendToChannel(t, alice, "general", "spam", "two");
    const kept = await sendToChannel(t, alice, "general", "ham", "three");
    const events = capture(t);
    const res = await t.call(admin, "POST", `/streams/${general}/delete_topic`, { topic_name: "SPAM" });
    await t.deps.events.flush();
    events.stop();
    assert.deepEqual(res.body, { result: "success", msg: "", complete: true });
    assert.equal((await topic("spam")).length, 0);
    assert.deepEqual((await topic("ham")).map((m: any) => m.id), [kept]);
    const [deleted] = events.of("delete_message");
    assert.equal((deleted.event.message_ids as number[]).length, 2);
    assert.equal(deleted.event.stream_id, general);
    assert.deepEqual(recipients(deleted), [owner.id, admin.id, alice.id].sort((a, b) => a - b));
  });

  it("is for administrators only, and checks the channel and the topic parameter", async () => {
    await sendToChannel(t, alice, "general", "mine", "x");
    assert.deepEqual((await t.call(alice, "POST", `/streams/${general}/delete_topic`, { topic_name: "mine" })).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.equal((await topic("mine")).length, 1);
    assert.deepEqual((await t.call(admin, "POST", `/streams/${general}/delete_topic`, {})).body, { result: "error", msg: "Missing 'topic_name' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "topic_name" });
    assert.deepEqual((await t.call(admin, "POST", "/streams/99999/delete_topic", { topic_name: "mine" })).body, badRequest("Invalid channel ID"));
  });

  it("reads the empty topic's display name as the empty topic, and resets topic visibility settings", async () => {
    await sendToChannel(t, alice, "general", "", "no topic");
    const followed = await sendToChannel(t, alice, "general", "followed", "x");
    assert.equal((await t.call(alice, "POST", "/user_topics", { stream_id: general, topic: "followed", visibility_policy: 3 })).status, 200);
    assert.equal((await t.call(admin, "POST", `/streams/${general}/delete_topic`, { topic_name: "general chat" })).body.complete, true);
    assert.equal((await topic("")).length, 0);
    assert.equal((await t.call(admin, "POST", `/streams/${general}/delete_topic`, { topic_name: "followed" })).body.complete, true);
    assert.equal((await t.call(alice, "GET", `/messages/${followed}`)).status, 400);
    const topics = (await t.call(alice, "POST", "/register", { fetch_event_types: ["user_topic"] })).body.user_topics as any[];
    assert.equal(topics.some((u) => u.topic_name === "followed"), false);
  });

  it("deletes in batches and reports an incomplete run when time is up", async () => {
    for (let i = 0; i < 5; i++) await sendToChannel(t, alice, "general", "big", `m${i}`);
    const realm = (await getRealm(t.deps.db, owner.realmId))!;
    const scope = await messageScope(t.deps, realm, (await userInRealm(t.deps.db, owner.realmId, admin.id))!);
    const stream = scope.streams.get(general)!;
    assert.deepEqual(await doDeleteTopic(t.deps, scope, stream, "big", { deadline: 0 }), { complete: false });
    assert.equal((await topic("big")).length, 5);
    const events = capture(t);
    assert.deepEqual(await doDeleteTopic(t.deps, scope, stream, "big", { batchSize: 2 }), { complete: true });
    await t.deps.events.flush();
    events.stop();
    // Newest first: [m3, m4], [m1, m2], [m0].
    assert.deepEqual(events.of("delete_message").map((n) => (n.event.message_ids as number[]).length), [2, 2, 1]);
    assert.equal((await topic("big")).length, 0);
  });
});
