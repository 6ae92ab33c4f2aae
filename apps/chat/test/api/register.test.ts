import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /register", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let general: number;
  let random: number;
  let secret: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme", name: "Acme" });
    member = await t.user(owner, { name: "Mia" });
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, member.id], is_default_stream: true })).body.id;
    random = (await t.call(owner, "POST", "/channels/create", { name: "random", subscribers: [owner.id] })).body.id;
    secret = (await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true })).body.id;
    await t.call(owner, "POST", "/channels/create", { name: "left", subscribers: [member.id] });
    await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["left"] });
    await t.call(owner, "POST", "/user_groups/create", { name: "support", description: "", members: [member.id] });
  });
  after(() => t.close());

  it("always returns the queue id, version and queue timeout", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: [] });
    assert.equal(res.status, 200);
    // The queue id names the process holding the queue: `<process>:<uuid>`.
    assert.match(res.body.queue_id, /^[0-9a-z-]+:[0-9a-f-]{36}$/);
    assert.equal(res.body.last_event_id, -1);
    assert.equal(res.body.idle_queue_timeout_secs, 600);
    assert.equal(res.body.zulip_feature_level, 509);
    assert.equal(res.body.zulip_version, "13.0-dev+git");
    assert.equal("realm_users" in res.body, false);
  });

  it("returns realm settings and limits for the realm section", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: ["realm"] });
    assert.equal(res.body.realm_name, "Acme");
    assert.equal(res.body.realm_url, "http://acme.localhost:9991");
    assert.equal(res.body.max_message_length, 10000);
    assert.equal(res.body.max_topic_length, 60);
    assert.equal(res.body.realm_empty_topic_display_name, "general chat");
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups;
    assert.equal(res.body.realm_can_create_public_channel_group, groups.find((g: any) => g.name === "role:members").id);
  });

  it("returns users and the caller's identity for realm_user", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: ["realm_user"] });
    assert.deepEqual(res.body.realm_users.map((u: any) => u.user_id), [owner.id, member.id]);
    assert.deepEqual(res.body.realm_non_active_users, []);
    assert.deepEqual(res.body.cross_realm_bots, []);
    assert.deepEqual([res.body.user_id, res.body.full_name, res.body.is_admin, res.body.is_guest], [member.id, "Mia", false, false]);
    assert.equal(res.body.can_create_public_streams, true);
  });

  it("splits channels into subscribed, unsubscribed and never subscribed", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: ["subscription"], include_subscribers: "true" });
    assert.deepEqual(res.body.subscriptions.map((s: any) => s.stream_id), [general]);
    assert.deepEqual(res.body.subscriptions[0].subscribers, [owner.id, member.id]);
    assert.deepEqual(res.body.unsubscribed.map((s: any) => s.name), ["left"]);
    assert.deepEqual(res.body.never_subscribed.map((s: any) => s.stream_id), [random]);
    assert.deepEqual(res.body.never_subscribed[0].subscribers, [owner.id]);
    const ids = [...res.body.subscriptions, ...res.body.unsubscribed, ...res.body.never_subscribed].map((s: any) => s.stream_id);
    assert.equal(ids.includes(secret), false);
  });

  it("returns streams, default channels and user groups", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: ["stream", "default_streams", "realm_user_groups"] });
    assert.deepEqual(res.body.streams.map((s: any) => s.name).sort(), ["general", "left", "random"]);
    assert.deepEqual(res.body.realm_default_streams, [general]);
    const support = res.body.realm_user_groups.find((g: any) => g.name === "support");
    assert.deepEqual(support.members, [member.id]);
    assert.equal(res.body.realm_user_groups.some((g: any) => g.name === null), false);
  });

  it("sends user settings in user_settings only (no top-level copies since feature level 439)", async () => {
    const res = await t.call(member, "POST", "/register", { fetch_event_types: ["user_settings", "update_display_settings"] });
    assert.equal(res.body.user_settings.enter_sends, false);
    assert.equal(res.body.user_settings.pm_content_in_desktop_notifications, true);
    for (const key of ["twenty_four_hour_time", "enter_sends", "emojiset", "color_scheme", "pm_content_in_desktop_notifications"]) assert.ok(!(key in res.body), key);
  });

  it("sends every section when no event types are named, as zulip-terminal expects", async () => {
    const res = await t.call(member, "POST", "/register", { client_gravatar: true, apply_markdown: true });
    for (const key of ["realm_users", "subscriptions", "streams", "realm_user_groups", "user_settings", "presences", "unread_msgs", "max_message_id", "realm_emoji", "muted_topics" in res.body ? "muted_topics" : "user_topics"]) {
      assert.ok(key in res.body, key);
    }
    assert.deepEqual(res.body.unread_msgs, { count: 0, pms: [], streams: [], huddles: [], mentions: [], old_unreads_missing: false });
  });

  it("validates its parameters strictly", async () => {
    assert.deepEqual((await t.call(member, "POST", "/register", { event_types: "message" })).body, badRequest("event_types is not valid JSON"));
    assert.deepEqual((await t.call(member, "POST", "/register", { idle_queue_timeout: 0 })).body, badRequest("idle_queue_timeout is too small"));
    assert.equal((await t.call(member, "POST", "/register", { idle_queue_timeout: "mobile", fetch_event_types: [] })).body.idle_queue_timeout_secs, 43200);
  });
});
