import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("PATCH /realm/user_settings_defaults", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(() => t.close());

  const defaults = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["realm_user_settings_defaults"] })).body.realm_user_settings_defaults;
  const settingsOf = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["user_settings"] })).body.user_settings;

  it("changes defaults, announces each changed one to everyone and shows them in /register", async () => {
    const res = await t.call(admin, "PATCH", "/realm/user_settings_defaults", { color_scheme: 2, emojiset: "text", enter_sends: true, automatically_follow_topics_policy: 1, left_side_userlist: false });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "realm_user_settings_defaults", op: "update", property: "color_scheme", value: 2 },
      { type: "realm_user_settings_defaults", op: "update", property: "emojiset", value: "text" },
      { type: "realm_user_settings_defaults", op: "update", property: "automatically_follow_topics_policy", value: 1 },
      { type: "realm_user_settings_defaults", op: "update", property: "enter_sends", value: true },
    ]);
    assert.deepEqual(sent[0]!.users, [owner.id, admin.id, member.id]);
    const shown = await defaults(member);
    assert.deepEqual([shown.color_scheme, shown.emojiset, shown.enter_sends, shown.automatically_follow_topics_policy, shown.left_side_userlist], [2, "text", true, 1, false]);
    assert.ok(!("timezone" in shown) && !("available_notification_sounds" in shown));
  });

  it("leaves existing users' settings alone and gives new users the defaults", async () => {
    const mine = await settingsOf(member);
    assert.deepEqual([mine.color_scheme, mine.emojiset, mine.enter_sends], [1, "google", false]);
    const created = await t.call(owner, "POST", "/users", { email: "fresh@example.com", password: "pw-secret-1", full_name: "Fresh" });
    const fresh = { id: created.body.user_id, email: "fresh@example.com", apiKey: "", realmId: owner.realmId, host: owner.host };
    fresh.apiKey = (await t.call(null, "POST", "/fetch_api_key", { username: fresh.email, password: "pw-secret-1" }, { host: owner.host })).body.api_key;
    const theirs = await settingsOf(fresh);
    assert.deepEqual([theirs.color_scheme, theirs.emojiset, theirs.enter_sends, theirs.automatically_follow_topics_policy], [2, "text", true, 1]);
    const invited = await t.user(owner);
    assert.equal((await settingsOf(invited)).color_scheme, 2, "every way of creating a user starts from the defaults");
  });

  it("answers success and sends nothing when no default changes", async () => {
    await events.take();
    assert.deepEqual((await t.call(admin, "PATCH", "/realm/user_settings_defaults", { color_scheme: 2 })).body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
  });

  it("takes no identity or security settings, reporting them as unsupported", async () => {
    const res = await t.call(admin, "PATCH", "/realm/user_settings_defaults", { default_language: "de", enable_login_emails: false, timezone: "Europe/Berlin", enter_sends: false });
    assert.equal(res.status, 200);
    assert.deepEqual([...res.body.ignored_parameters_unsupported].sort(), ["default_language", "enable_login_emails", "timezone"]);
    assert.equal((await defaults(admin)).enter_sends, false);
  });

  it("refuses members and bad values", async () => {
    assert.deepEqual((await t.call(member, "PATCH", "/realm/user_settings_defaults", { color_scheme: 3 })).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.deepEqual((await t.call(admin, "PATCH", "/realm/user_settings_defaults", { notification_sound: "bell" })).body, badRequest("Invalid notification sound 'bell'"));
    assert.deepEqual((await t.call(admin, "PATCH", "/realm/user_settings_defaults", { email_notifications_batching_period_seconds: 0 })).body, badRequest("Invalid email batching period: 0 seconds"));
    assert.deepEqual((await t.call(admin, "PATCH", "/realm/user_settings_defaults", { emojiset: "comic" })).body, badRequest("Invalid emojiset"));
  });
});
