import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { userMessageSettings } from "../../src/store/message-settings.js";
import { captureEvents } from "./org-support.js";

describe("PATCH /settings", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let other: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner, { name: "Mia Member", password: "member-password" });
    other = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  const state = async (who: Account, types = ["user_settings"]) => (await t.call(who, "POST", "/register", { fetch_event_types: types })).body;

  it("changes settings, sends one user_settings event per changed property to the user only", async () => {
    const res = await t.call(member, "PATCH", "/settings", { twenty_four_hour_time: true, emojiset: "twitter", color_scheme: 2, web_home_view: "recent", enter_sends: false });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "user_settings", op: "update", property: "twenty_four_hour_time", value: true },
      { type: "user_settings", op: "update", property: "color_scheme", value: 2 },
      { type: "user_settings", op: "update", property: "web_home_view", value: "recent" },
      { type: "user_settings", op: "update", property: "emojiset", value: "twitter" },
    ]);
    assert.ok(sent.every((e) => JSON.stringify(e.users) === JSON.stringify([member.id])));
  });

  it("shows stored values in /register's user_settings", async () => {
    const s = await state(member);
    assert.equal(s.user_settings.twenty_four_hour_time, true);
    assert.equal(s.user_settings.emojiset, "twitter");
    assert.equal(s.user_settings.web_home_view, "recent");
    assert.equal(s.user_settings.color_scheme, 2);
    const others = await state(other);
    assert.equal(others.user_settings.twenty_four_hour_time, false);
    assert.equal(others.user_settings.emojiset, "google");
  });

  it("keeps the automatic follow and unmute settings in user_message_settings", async () => {
    const res = await t.call(member, "PATCH", "/settings", { automatically_follow_topics_policy: 1, automatically_follow_topics_where_mentioned: false });
    assert.equal(res.status, 200);
    const row = (await userMessageSettings(t.deps.db, [member.id])).get(member.id)!;
    assert.equal(row.automatically_follow_topics_policy, 1);
    assert.equal(row.automatically_follow_topics_where_mentioned, 0);
    const s = await state(member);
    assert.equal(s.user_settings.automatically_follow_topics_policy, 1);
    assert.equal(s.user_settings.automatically_follow_topics_where_mentioned, false);
    assert.equal(s.user_settings.automatically_unmute_topics_in_muted_streams_policy, row.automatically_unmute_topics_in_muted_streams_policy);
    assert.deepEqual((await events.take()).map((e) => e.event.property), ["automatically_follow_topics_policy", "automatically_follow_topics_where_mentioned"]);
  });

  it("sends nothing for a value that does not change", async () => {
    const res = await t.call(member, "PATCH", "/settings", { twenty_four_hour_time: true });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
  });

  it("names the language in a default_language event", async () => {
    assert.equal((await t.call(member, "PATCH", "/settings", { default_language: "de" })).status, 200);
    assert.deepEqual((await events.take())[0]!.event, { type: "user_settings", op: "update", property: "default_language", value: "de", language_name: "Deutsch" });
  });

  it("stores the time zone on the user and tells everyone through realm_user", async () => {
    assert.equal((await t.call(member, "PATCH", "/settings", { timezone: "Europe/Berlin" })).status, 200);
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "user_settings", op: "update", property: "timezone", value: "Europe/Berlin" },
      { type: "realm_user", op: "update", person: { email: member.email, user_id: member.id, timezone: "Europe/Berlin" } },
    ]);
    assert.deepEqual(sent[1]!.users, [owner.id, member.id, other.id]);
    const me = (await t.call(member, "GET", "/users/me")).body;
    assert.equal(me.timezone, "Europe/Berlin");
    assert.equal((await state(member)).user_settings.timezone, "Europe/Berlin");
  });

  it("tells the administrators through realm_export_consent when a user changes their export consent", async () => {
    assert.equal((await t.call(member, "PATCH", "/settings", { allow_private_data_export: true })).status, 200);
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "user_settings", op: "update", property: "allow_private_data_export", value: true },
      { type: "realm_export_consent", user_id: member.id, consented: true },
    ]);
    assert.deepEqual(sent[1]!.users, [owner.id]);
    assert.equal((await t.call(member, "PATCH", "/settings", { allow_private_data_export: false })).status, 200);
    assert.deepEqual((await events.take())[1]!.event, { type: "realm_export_consent", user_id: member.id, consented: false });
  });

  it("rejects bad values with Zulip's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ twenty_four_hour_time: '"yes"' }, "twenty_four_hour_time is not a boolean"],
      [{ color_scheme: 7 }, "Invalid color_scheme"],
      [{ web_font_size_px: '"big"' }, "web_font_size_px is not an integer"],
      [{ emojiset: "apple" }, "Invalid emojiset"],
      [{ web_home_view: "recent_topics" }, "Invalid web_home_view"],
      [{ web_animate_image_previews: "sometimes" }, "Invalid web_animate_image_previews"],
      [{ default_language: "xx" }, "Invalid default_language"],
      [{ notification_sound: "bell" }, "Invalid notification sound 'bell'"],
      [{ email_notifications_batching_period_seconds: 0 }, "Invalid email batching period: 0 seconds"],
      [{ email_notifications_batching_period_seconds: 604801 }, "Invalid email batching period: 604801 seconds"],
      [{ timezone: "Mars/Olympus" }, "timezone is not a recognized time zone"],
      [{ automatically_follow_topics_policy: 5 }, "Invalid automatically_follow_topics_policy"],
    ];
    for (const [params, msg] of cases) {
      const res = await t.call(member, "PATCH", "/settings", params);
      assert.equal(res.status, 400, msg);
      assert.deepEqual(res.body, badRequest(msg));
    }
    assert.deepEqual(await events.take(), []);
  });

  it("accepts notification_sound none and reports unknown parameters", async () => {
    const res = await t.call(member, "PATCH", "/settings", { notification_sound: "none", dense_mode: true });
    assert.deepEqual(res.body, { result: "success", msg: "", ignored_parameters_unsupported: ["dense_mode"] });
    assert.deepEqual((await events.take()).map((e) => e.event.value), ["none"]);
  });

  it("renames the user, stripping the name, and tells everyone", async () => {
    const sent: { event: Record<string, unknown>; users: unknown[] }[] = [];
    const untap = t.deps.events.tap((notice) => sent.push({ event: notice.event, users: [...notice.users] }));
    const res = await t.call(member, "PATCH", "/settings", { full_name: "  Mia Renamed " });
    await t.deps.events.flush();
    untap();
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.deepEqual(sent.map((e) => e.event), [{ type: "realm_user", op: "update", person: { user_id: member.id, full_name: "Mia Renamed" } }]);
    assert.deepEqual([...(sent[0]!.users as number[])].sort((a, b) => a - b), [owner.id, member.id, other.id]);
    assert.equal((await t.call(member, "GET", "/users/me")).body.full_name, "Mia Renamed");
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { full_name: "a".repeat(101) })).body, badRequest("Name too long!"));
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { full_name: "bad*name" })).body, badRequest("Invalid characters in name!"));
  });

  it("ignores a rename silently when the organization forbids name changes, except for administrators", async () => {
    assert.equal((await t.call(owner, "PATCH", "/realm", { name_changes_disabled: true })).status, 200);
    await events.take();
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { full_name: "Not Allowed" })).body, { result: "success", msg: "" });
    assert.equal((await t.call(member, "GET", "/users/me")).body.full_name, "Mia Renamed");
    assert.deepEqual(await events.take(), []);
    const admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    assert.equal((await t.call(admin, "PATCH", "/settings", { full_name: "Admin Renamed" })).status, 200);
    assert.equal((await t.call(admin, "GET", "/users/me")).body.full_name, "Admin Renamed");
    await t.call(owner, "PATCH", "/realm", { name_changes_disabled: false });
    await events.take();
  });

  it("changes the password only with the right old password and a strong enough new one", async () => {
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { old_password: "wrong", new_password: "new-password" })).body, badRequest("Wrong password!"));
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { new_password: "new-password" })).body, badRequest("Wrong password!"));
    assert.deepEqual((await t.call(member, "PATCH", "/settings", { old_password: "member-password", new_password: "abc" })).body, badRequest("New password is too weak!"));
    assert.equal((await t.call(member, "PATCH", "/settings", { old_password: "member-password", new_password: "new-password" })).status, 200);
    const login = await t.call(null, "POST", "/fetch_api_key", { username: member.email, password: "new-password" }, { host: member.host });
    assert.equal(login.status, 200);
    assert.equal((await t.call(null, "POST", "/fetch_api_key", { username: member.email, password: "member-password" }, { host: member.host })).status, 401);
  });

  it("refuses bots, and serves the deprecated display and notifications aliases", async () => {
    const bot = await t.user(owner, { botType: 1 });
    assert.deepEqual((await t.call(bot, "PATCH", "/settings", { enter_sends: true })).body, badRequest("This endpoint does not accept bot requests."));
    await events.take();
    assert.equal((await t.call(other, "PATCH", "/settings/display", { left_side_userlist: true })).status, 200);
    assert.equal((await t.call(other, "PATCH", "/settings/notifications", { enable_sounds: false })).status, 200);
    assert.deepEqual((await events.take()).map((e) => [e.event.property, e.event.value]), [["left_side_userlist", true], ["enable_sounds", false]]);
  });
});
