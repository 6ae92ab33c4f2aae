// Which messages buzz a phone: every case Zulip notifies about, decrypted as the phone would
// decrypt it from what reached a fake bouncer on 127.0.0.1, and the cases it stays silent for.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, sendDirect, sendToChannel } from "./messages-support.js";
import { bouncerDeviceId, e2eePushes, fakeBouncer, registerPushDevice, type FakeBouncer } from "./push-support.js";
import { PushNotificationWorker } from "../../src/workers/push-notifications.js";

describe("push notifications for messages", () => {
  let t: ChatTest;
  let bouncer: FakeBouncer;
  let worker: PushNotificationWorker;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let channelId: number;
  let seen = 0;
  const bobToken = "hGsEWGmyyfI=";

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url } });
    owner = await t.realm({ name: "Test Org" });
    alice = await t.user(owner, { name: "Alice Sender" });
    bob = await t.user(owner, { name: "Bob Phone" });
    carol = await t.user(owner, { name: "Carol" });
    await registerPushDevice(t, bob, "fcm", bobToken);
    // Mentions would make Bob follow their topics, and followed topics notify every message.
    await t.call(bob, "PATCH", "/settings", { automatically_follow_topics_where_mentioned: false });
    channelId = await createChannel(t, owner, "general", [owner, alice, bob, carol]);
    worker = new PushNotificationWorker(t.deps, { settleMs: 0 });
    await worker.runOnce();
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });
  beforeEach(() => {
    seen = bouncer.requests.length;
  });

  /** Runs the worker and returns what Bob's phone decrypted since the test began. */
  const bobReceives = async () => {
    await worker.runOnce();
    return e2eePushes(bouncer, seen)
      .filter((p) => p.deviceId === bouncerDeviceId(bobToken))
      .map((p) => p.payload);
  };
  const api = (who: Account, method: string, url: string, params: Record<string, unknown> = {}) => t.call(who, method, url, params);
  const time = () => Math.floor(t.clock.now().getTime() / 1000);
  const realmUrl = () => `http://${owner.host}:9991`;
  const avatar = async (id: number) => (await t.call(owner, "GET", `/users/${id}`, { client_gravatar: false })).body.user.avatar_url;

  it("sends a direct message to the recipient's phone, encrypted, with Zulip's fields", async () => {
    const id = await sendDirect(t, alice, [bob], "Lunch **today**? :smile:");
    assert.deepEqual(await bobReceives(), [
      {
        realm_url: realmUrl(),
        realm_name: "Test Org",
        user_id: bob.id,
        sender_id: alice.id,
        recipient_type: "direct",
        type: "message",
        message_id: id,
        time: time(),
        content: "Lunch today? 🙂",
        sender_full_name: "Alice Sender",
        sender_avatar_url: await avatar(alice.id),
      },
    ]);
    const request = e2eePushes(bouncer, seen)[0]!.request;
    assert.equal(request.fcm_priority, "high");
    assert.equal(request.payload.push_key_id, 11);
  });

  it("lists the participants of a group direct message", async () => {
    const id = await sendDirect(t, alice, [bob, carol], "All three of us");
    const [payload] = await bobReceives();
    assert.equal(payload.message_id, id);
    assert.equal(payload.pm_users, [alice.id, bob.id, carol.id].sort((a, b) => a - b).join(","));
  });

  it("notifies a personal mention in a channel, with the channel and topic", async () => {
    const id = await sendToChannel(t, alice, "general", "plans", "@**Bob Phone** look");
    const [payload] = await bobReceives();
    assert.deepEqual(
      { ...payload, sender_avatar_url: undefined },
      { realm_url: realmUrl(), realm_name: "Test Org", user_id: bob.id, sender_id: alice.id, recipient_type: "channel", channel_name: "general", channel_id: channelId, topic: "plans", type: "message", message_id: id, time: time(), content: "@Bob Phone look", sender_full_name: "Alice Sender", sender_avatar_url: undefined },
    );
    assert.equal("mentioned_user_group_id" in payload, false);
  });

  it("names the smallest mentioned group that holds the user", async () => {
    const make = async (name: string, members: Account[]) => (await api(owner, "POST", "/user_groups/create", { name, description: "", members: members.map((m) => m.id) })).body.group_id;
    const big = await make("everyone-ish", [bob, carol, owner]);
    const small = await make("phones", [bob]);
    await sendToChannel(t, alice, "general", "groups", "@*everyone-ish* and @*phones*, hi");
    const [payload] = await bobReceives();
    assert.equal(payload.mentioned_user_group_id, small);
    assert.equal(payload.mentioned_user_group_name, "phones");
    assert.notEqual(small, big);
    // A personal mention wins over a group mention.
    await sendToChannel(t, alice, "general", "groups", "@*phones* and @**Bob Phone**");
    seen = 0;
    const all = await bobReceives();
    assert.equal("mentioned_user_group_id" in all[all.length - 1], false);
  });

  it("notifies wildcard mentions only while the user's wildcard setting allows", async () => {
    await sendToChannel(t, alice, "general", "wild", "@**all** meeting now");
    assert.equal((await bobReceives()).length, 1);
    seen = bouncer.requests.length;
    await api(bob, "PATCH", "/settings", { wildcard_mentions_notify: false });
    await sendToChannel(t, alice, "general", "wild", "@**channel** again");
    assert.deepEqual(await bobReceives(), []);
    // The channel's own setting overrides the personal one.
    await api(bob, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channelId, property: "wildcard_mentions_notify", value: true }] });
    await sendToChannel(t, alice, "general", "wild", "@**everyone** once more");
    assert.equal((await bobReceives()).length, 1);
    await api(bob, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channelId, property: "wildcard_mentions_notify", value: null }] });
    await api(bob, "PATCH", "/settings", { wildcard_mentions_notify: true });
  });

  it("notifies every message of a followed topic, and none of an ordinary one", async () => {
    await sendToChannel(t, alice, "general", "ordinary", "Nothing for phones");
    assert.deepEqual(await bobReceives(), []);
    await api(bob, "POST", "/user_topics", { stream_id: channelId, topic: "followed", visibility_policy: 3 });
    const id = await sendToChannel(t, alice, "general", "followed", "News in a followed topic");
    assert.deepEqual((await bobReceives()).map((p) => p.message_id), [id]);
  });

  it("notifies every message of a channel with push notifications on, unless the topic is muted", async () => {
    await api(bob, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channelId, property: "push_notifications", value: true }] });
    const id = await sendToChannel(t, alice, "general", "loud", "Every message buzzes");
    assert.deepEqual((await bobReceives()).map((p) => p.message_id), [id]);
    seen = bouncer.requests.length;
    await api(bob, "POST", "/user_topics", { stream_id: channelId, topic: "quiet", visibility_policy: 1 });
    await sendToChannel(t, alice, "general", "quiet", "Muted topic");
    await sendToChannel(t, alice, "general", "quiet", "@**all** even a wildcard");
    assert.deepEqual(await bobReceives(), []);
    // compat: a personal mention still reaches the user in a muted topic, as on Zulip.
    const mention = await sendToChannel(t, alice, "general", "quiet", "@**Bob Phone** you though");
    assert.deepEqual((await bobReceives()).map((p) => p.message_id), [mention]);
    await api(bob, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: channelId, property: "push_notifications", value: false }] });
  });

  it("sends nothing for a muted sender, one's own messages, or messages already read", async () => {
    await api(bob, "POST", `/users/me/muted_users/${carol.id}`);
    await sendDirect(t, carol, [bob], "You muted me");
    // Bob's own message to a direct conversation with himself and Alice.
    await sendDirect(t, bob, [alice], "Sent from my desk");
    const read = await sendDirect(t, alice, [bob], "Read at once");
    await api(bob, "POST", "/messages/flags", { messages: [read], op: "add", flag: "read" });
    assert.deepEqual(await bobReceives(), []);
    await api(bob, "DELETE", `/users/me/muted_users/${carol.id}`);
  });

  it("sends nothing when the user turned direct message and mention notifications off", async () => {
    await api(bob, "PATCH", "/settings", { enable_offline_push_notifications: false });
    await sendDirect(t, alice, [bob], "Quiet please");
    await sendToChannel(t, alice, "general", "plans", "@**Bob Phone** quiet?");
    assert.deepEqual(await bobReceives(), []);
    await api(bob, "PATCH", "/settings", { enable_offline_push_notifications: true });
  });

  it("with online notifications off, notifies only once the user has been away for a while", async () => {
    await api(bob, "PATCH", "/settings", { enable_online_push_notifications: false });
    await api(bob, "POST", "/users/me/presence", { status: "active" });
    await sendDirect(t, alice, [bob], "You are at your desk");
    assert.deepEqual(await bobReceives(), []);
    t.clock.advance(10 * 60 * 1000);
    const later = await sendDirect(t, alice, [bob], "You left");
    assert.deepEqual((await bobReceives()).map((p) => p.message_id), [later]);
    await api(bob, "PATCH", "/settings", { enable_online_push_notifications: true });
  });

  it("sends nothing to users without a registered device, and only once per message", async () => {
    await sendDirect(t, alice, [carol], "Carol has no phone");
    const id = await sendDirect(t, alice, [bob], "Once");
    await worker.runOnce();
    assert.deepEqual((await bobReceives()).map((p) => p.message_id), [id]);
    assert.equal(e2eePushes(bouncer, seen).length, 1);
  });
});
