// How push notifications travel: batched per realm, retried when the bouncer is unreachable,
// removed from phones when read or deleted, and sent to legacy (non-E2EE) registrations in
// their plaintext shapes. The bouncer is a fake on 127.0.0.1.
import { after, before, beforeEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, sendDirect, sendToChannel } from "./messages-support.js";
import { bouncerDeviceId, e2eePushes, fakeBouncer, registerPushDevice, type FakeBouncer } from "./push-support.js";
import { PushNotificationWorker } from "../../src/workers/push-notifications.js";
import { BACKOFF_MS } from "../../src/actions/push-deliver.js";
import { nextEvents, registerQueue, withoutIds } from "../events/support.js";

describe("push notification delivery", () => {
  let t: ChatTest;
  let bouncer: FakeBouncer;
  let worker: PushNotificationWorker;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let bobDevice: number;
  let seen = 0;
  const bobToken = "hGsEWGmyyfI=";
  const bobApnsToken = "AQIDBAUGBwg=";

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url, pushOrgId: "server-uuid", pushOrgKey: "secret" } });
    owner = await t.realm({ name: "Test Org" });
    alice = await t.user(owner, { name: "Alice" });
    bob = await t.user(owner, { name: "Bob" });
    carol = await t.user(owner, { name: "Carol" });
    bobDevice = await registerPushDevice(t, bob, "fcm", bobToken);
    await registerPushDevice(t, bob, "apns", bobApnsToken, 12);
    await registerPushDevice(t, carol, "fcm", "c2Vjb25kISE=");
    await createChannel(t, owner, "general", [owner, alice, bob, carol]);
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

  const notifyCalls = () => bouncer.requests.slice(seen).filter((r) => r.path === "/api/v1/remotes/push/e2ee/notify");
  const pushesTo = (token: string) => e2eePushes(bouncer, seen).filter((p) => p.deviceId === bouncerDeviceId(token));

  it("tells clients that push notifications work once a bouncer is configured", async () => {
    assert.equal((await t.call(null, "GET", "/server_settings", {}, { host: owner.host })).body.push_notifications_enabled, true);
    const plain = await chatTest();
    try {
      assert.equal((await plain.call(null, "GET", "/server_settings")).body.push_notifications_enabled, false);
    } finally {
      await plain.close();
    }
  });

  it("sends one bouncer request per realm for every device of every recipient", async () => {
    const id = await sendDirect(t, alice, [bob, carol], "Both of you");
    await worker.runOnce();
    assert.equal(notifyCalls().length, 1);
    const pushes = e2eePushes(bouncer, seen);
    assert.deepEqual(pushes.map((p) => [p.payload.user_id, p.payload.message_id]).sort(), [[bob.id, id], [bob.id, id], [carol.id, id]].sort());
    const body = JSON.parse(notifyCalls()[0]!.body);
    assert.match(body.realm_uuid, /^[0-9a-f-]{36}$/);
    assert.equal(notifyCalls()[0]!.authorization, `Basic ${Buffer.from("server-uuid:secret").toString("base64")}`);
    // Bob's iPhone gets an alert push, sealed with its own key id.
    const apns = pushesTo(bobApnsToken)[0]!.request;
    assert.deepEqual(apns.http_headers, { "apns-priority": "10", "apns-push-type": "alert" });
    assert.equal(apns.payload.push_key_id, 12);
  });

  it("removes the notification from the phones when the message is read elsewhere", async () => {
    const id = await sendDirect(t, alice, [bob], "Read me on the web");
    await worker.runOnce();
    seen = bouncer.requests.length;
    await t.call(bob, "POST", "/messages/flags", { messages: [id], op: "add", flag: "read" });
    await worker.runOnce();
    const removals = pushesTo(bobToken);
    assert.deepEqual(
      removals.map((p) => p.payload),
      [{ realm_url: `http://${owner.host}:9991`, realm_name: "Test Org", user_id: bob.id, type: "remove", message_ids: [id] }],
    );
    assert.equal(removals[0]!.request.fcm_priority, "normal");
    assert.deepEqual(pushesTo(bobApnsToken)[0]!.request.http_headers, { "apns-priority": "5", "apns-push-type": "background" });
    assert.deepEqual(pushesTo(bobApnsToken)[0]!.request.payload.aps, { "content-available": 1 });
    // Told once: the next cycle has nothing to remove.
    seen = bouncer.requests.length;
    await worker.runOnce();
    assert.deepEqual(notifyCalls(), []);
  });

  it("removes notifications of every message marked read at once, and of deleted messages", async () => {
    const first = await sendToChannel(t, alice, "general", "news", "@**Bob** one");
    const second = await sendToChannel(t, alice, "general", "news", "@**Bob** two");
    const gone = await sendDirect(t, alice, [bob], "Soon deleted");
    await worker.runOnce();
    seen = bouncer.requests.length;
    await t.call(bob, "POST", "/mark_all_as_read");
    await worker.runOnce();
    // Everything still notified goes, the newest 200 at most, oldest first.
    const removed = pushesTo(bobToken)[0]!.payload.message_ids as number[];
    assert.deepEqual(removed.filter((m) => m >= first), [first, second, gone]);
    assert.deepEqual(removed, [...removed].sort((a, b) => a - b));
    // Deleting a notified message removes it too (here from Carol's phone; senders may delete their own).
    const toCarol = await sendDirect(t, alice, [carol], "Oops, wrong person");
    await worker.runOnce();
    seen = bouncer.requests.length;
    assert.equal((await t.call(alice, "DELETE", `/messages/${toCarol}`)).status, 200);
    await worker.runOnce();
    assert.deepEqual(e2eePushes(bouncer, seen).map((p) => [p.payload.user_id, p.payload.type, p.payload.message_ids]), [[carol.id, "remove", [toCarol]]]);
  });

  it("does not push a message read before its notification went out", async () => {
    const id = await sendDirect(t, alice, [bob], "Seen at once");
    await worker.runOnce(); // decided and delivered in one cycle: so read it first
    seen = bouncer.requests.length;
    const later = await sendDirect(t, alice, [bob], "Read in time");
    await t.call(bob, "POST", "/messages/flags", { messages: [later], op: "add", flag: "read" });
    await worker.runOnce();
    assert.deepEqual(pushesTo(bobToken), []);
    assert.ok(id < later);
  });

  it("retries with backoff while the bouncer is unreachable or failing, then delivers once", async () => {
    bouncer.reply(503, "Service Unavailable");
    const id = await sendDirect(t, alice, [bob], "Eventually");
    await worker.runOnce();
    assert.equal(notifyCalls().length, 1);
    // Not due yet: nothing is sent before the backoff passes.
    await worker.runOnce();
    assert.equal(notifyCalls().length, 1);
    t.clock.advance(BACKOFF_MS[0]!);
    await worker.runOnce();
    assert.equal(notifyCalls().length, 2);
    assert.deepEqual(pushesTo(bobToken).map((p) => p.payload.message_id), [id, id]);
    const rows = await t.deps.db.selectFrom("push_outbox").selectAll().execute();
    assert.deepEqual(rows, []);
  });

  it("stops pushing to a device the bouncer reports gone, and tells the user's clients", async () => {
    // An id above 2^53, which only the bouncer's JSON text holds exactly.
    const goneToken = "f/////////8=";
    const other = await registerPushDevice(t, carol, "fcm", goneToken);
    const queue = await registerQueue(t, carol, { event_types: ["device"] });
    bouncer.reply(200, `{"result":"success","msg":"","delete_device_ids":[${bouncerDeviceId(goneToken)}],"apple_successfully_sent_count":0,"android_successfully_sent_count":1}`);
    await sendDirect(t, alice, [carol], "One of your phones is gone");
    await worker.runOnce();
    const device = await t.deps.db.selectFrom("push_devices").selectAll().where("id", "=", other).executeTakeFirstOrThrow();
    assert.equal(device.push_token_id, null);
    assert.deepEqual(withoutIds(await nextEvents(t, carol, queue)), [{ type: "device", op: "update", device_id: other, push_token_id: null }]);
    seen = bouncer.requests.length;
    await sendDirect(t, alice, [carol], "Only the live phone now");
    await worker.runOnce();
    assert.deepEqual(e2eePushes(bouncer, seen).map((p) => p.deviceId), [bouncerDeviceId("c2Vjb25kISE=")]);
    assert.ok(bobDevice);
  });

  it("turns the realm's push notifications off when the bouncer refuses the realm", async () => {
    const state = async () => (await t.call(bob, "POST", "/register", { fetch_event_types: ["realm"] })).body.realm_push_notifications_enabled;
    assert.equal(await state(), true);
    bouncer.reply(403, { result: "error", code: "MISSING_REMOTE_REALM", msg: "Organization not registered" });
    await sendDirect(t, alice, [bob], "Refused");
    await worker.runOnce();
    assert.equal(await state(), false);
    // A refusal is not retried.
    t.clock.advance(BACKOFF_MS[3]!);
    seen = bouncer.requests.length;
    await worker.runOnce();
    assert.deepEqual(notifyCalls(), []);
    // The bouncer's next word on the realm turns them back on.
    bouncer.reply(200, { result: "success", msg: "", delete_device_ids: [], realm_push_status: { can_push: true, expected_end_timestamp: null } });
    await sendDirect(t, alice, [bob], "Registered again");
    await worker.runOnce();
    assert.equal(await state(), true);
  });
});

describe("push notifications for legacy registrations", () => {
  let t: ChatTest;
  let bouncer: FakeBouncer;
  let worker: PushNotificationWorker;
  let owner: Account;
  let alice: Account;
  let dora: Account;
  let seen = 0;

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url, pushOrgId: "server-uuid", pushOrgKey: "secret" } });
    owner = await t.realm({ name: "Legacy Org" });
    alice = await t.user(owner, { name: "Alice" });
    dora = await t.user(owner, { name: "Dora" });
    await createChannel(t, owner, "general", [owner, alice, dora]);
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

  const legacyCalls = () => bouncer.requests.slice(seen).filter((r) => r.path === "/api/v1/remotes/push/notify").map((r) => JSON.parse(r.body));

  it("registers and unregisters tokens with the bouncer", async () => {
    assert.equal((await t.call(dora, "POST", "/users/me/android_gcm_reg_id", { token: "fcm-token-1" })).status, 200);
    assert.equal((await t.call(dora, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "org.zulip.Zulip" })).status, 200);
    const [fcm, apns] = bouncer.requests.slice(seen).map((r) => ({ path: r.path, form: Object.fromEntries(new URLSearchParams(r.body)) }));
    assert.equal(fcm!.path, "/api/v1/remotes/push/register");
    assert.deepEqual({ ...fcm!.form, user_uuid: undefined, realm_uuid: undefined }, { server_uuid: "server-uuid", user_id: String(dora.id), token: "fcm-token-1", token_kind: "2", user_uuid: undefined, realm_uuid: undefined });
    assert.match(fcm!.form.user_uuid!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual([apns!.form.token_kind, apns!.form.ios_app_id], ["1", "org.zulip.Zulip"]);
    seen = bouncer.requests.length;
    assert.equal((await t.call(dora, "DELETE", "/users/me/apns_device_token", { token: "c0ffee" })).status, 200);
    assert.equal(bouncer.requests[seen]!.path, "/api/v1/remotes/push/unregister");
    assert.equal(new URLSearchParams(bouncer.requests[seen]!.body).get("user_uuid"), fcm!.form.user_uuid);
  });

  it("passes the bouncer's refusal of a token on to the client", async () => {
    bouncer.reply(400, { result: "error", code: "BAD_REQUEST", msg: "Invalid token type" });
    assert.deepEqual((await t.call(dora, "POST", "/users/me/android_gcm_reg_id", { token: "fcm-token-2" })).body, { result: "error", msg: "Invalid token type", code: "BAD_REQUEST" });
  });

  it("sends the plaintext FCM and APNs payloads Zulip's older apps read", async () => {
    await t.call(dora, "POST", "/users/me/apns_device_token", { token: "beef", appid: "org.zulip.Zulip" });
    seen = bouncer.requests.length;
    const id = await sendToChannel(t, alice, "general", "topic", "@**Dora** see this");
    await worker.runOnce();
    const [call] = legacyCalls();
    const url = `http://${owner.host}:9991`;
    assert.deepEqual(call.android_devices, ["fcm-token-1", "fcm-token-2"]);
    assert.deepEqual(call.apple_devices, ["beef"]);
    assert.equal(call.user_id, dora.id);
    assert.deepEqual(call.gcm_options, { priority: "high" });
    const gcm = { ...call.gcm_payload, sender_avatar_url: undefined };
    assert.deepEqual(gcm, {
      server: "localhost:9991",
      realm_id: owner.realmId,
      realm_uri: url,
      realm_url: url,
      realm_name: "Legacy Org",
      user_id: dora.id,
      sender_id: alice.id,
      sender_email: alice.email,
      recipient_type: "stream",
      stream: "general",
      stream_id: gcm.stream_id,
      topic: "topic",
      event: "message",
      zulip_message_id: id,
      time: Math.floor(t.clock.now().getTime() / 1000),
      content: "@Dora see this",
      content_truncated: false,
      sender_full_name: "Alice",
      sender_avatar_url: undefined,
    });
    assert.deepEqual(call.apns_payload.alert, { title: "#general > topic", subtitle: "Alice mentioned you:", body: "@Dora see this" });
    assert.deepEqual(call.apns_payload.custom.zulip.message_ids, [id]);
    assert.equal("server" in call.apns_payload.custom.zulip, false);
  });

  it("sends legacy removals with the ids joined by commas", async () => {
    const id = await sendDirect(t, alice, [dora], "Read elsewhere");
    await worker.runOnce();
    seen = bouncer.requests.length;
    await t.call(dora, "POST", "/messages/flags", { messages: [id], op: "add", flag: "read" });
    await worker.runOnce();
    const [call] = legacyCalls();
    assert.equal(call.gcm_payload.event, "remove");
    assert.equal(call.gcm_payload.zulip_message_ids, String(id));
    assert.deepEqual(call.gcm_options, { priority: "normal" });
    assert.equal(call.apns_payload.custom.zulip.event, "remove");
  });

  it("hides the text from legacy phones when the organization requires encrypted notifications", async () => {
    assert.equal((await t.call(owner, "PATCH", "/realm", { require_e2ee_push_notifications: true })).status, 200);
    await sendDirect(t, alice, [dora], "Secret plans");
    await worker.runOnce();
    const [call] = legacyCalls();
    assert.equal(call.gcm_payload.content, "New message");
    assert.equal(call.apns_payload.alert.body, "New message");
  });

  it("forgets the tokens the bouncer reports gone", async () => {
    bouncer.reply(200, { result: "success", msg: "", total_android_devices: 2, total_apple_devices: 1, deleted_devices: { android_devices: ["fcm-token-2"], apple_devices: ["BEEF"] } });
    await sendDirect(t, alice, [dora], "Cleanup");
    await worker.runOnce();
    const tokens = await t.deps.db.selectFrom("push_device_tokens").select("token").where("user_id", "=", dora.id).execute();
    assert.deepEqual(tokens.map((r) => r.token), ["fcm-token-1"]);
  });
});
