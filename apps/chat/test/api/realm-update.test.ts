import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("PATCH /realm", () => {
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

  const state = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["realm"] })).body;

  it("changes settings, answers with what changed and announces each", async () => {
    const res = await t.call(owner, "PATCH", "/realm", { name: "Renamed", invite_required: false, digest_weekday: 3, enable_read_receipts: false });
    assert.deepEqual(res.body, { result: "success", msg: "", name: "updated", invite_required: false, digest_weekday: 3, enable_read_receipts: false });
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [
      { type: "realm", op: "update", property: "name", value: "Renamed" },
      { type: "realm", op: "update", property: "invite_required", value: false },
      { type: "realm", op: "update", property: "digest_weekday", value: 3 },
      { type: "realm", op: "update", property: "enable_read_receipts", value: false },
    ]);
    assert.deepEqual(sent[0]!.users, [owner.id, admin.id, member.id]);
    const s = await state(member);
    assert.deepEqual([s.realm_name, s.realm_invite_required, s.realm_digest_weekday, s.realm_enable_read_receipts], ["Renamed", false, 3, false]);
  });

  it("keeps message settings in the message engineers' table, with Zulip's event shapes", async () => {
    const res = await t.call(owner, "PATCH", "/realm", { message_content_edit_limit_seconds: JSON.stringify("unlimited"), allow_message_editing: false, topics_policy: "disable_empty_topic" });
    assert.deepEqual(res.body, { result: "success", msg: "", message_content_edit_limit_seconds: null, allow_message_editing: false, topics_policy: "updated" });
    assert.deepEqual((await events.take()).map((e) => e.event), [
      { type: "realm", op: "update_dict", property: "default", data: { allow_message_editing: false } },
      { type: "realm", op: "update_dict", property: "default", data: { message_content_edit_limit_seconds: null } },
      { type: "realm", op: "update", property: "topics_policy", value: "disable_empty_topic" },
    ]);
    const s = await state(member);
    assert.deepEqual([s.realm_message_content_edit_limit_seconds, s.realm_allow_message_editing, s.realm_topics_policy, s.realm_mandatory_topics], [null, false, "disable_empty_topic", true]);
  });

  it("sets the moderation request channel to a private channel only, and -1 disables it", async () => {
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "mods" }], invite_only: true });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "lobby" }] });
    const mods = (await t.call(owner, "GET", "/get_stream_id", { stream: "mods" })).body.stream_id;
    const lobby = (await t.call(owner, "GET", "/get_stream_id", { stream: "lobby" })).body.stream_id;
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: lobby })).body, badRequest("Moderation request channel must be private."));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: 9999 })).body, badRequest("Invalid channel ID"));
    assert.equal((await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: mods })).status, 200);
    assert.equal((await state(owner)).realm_moderation_request_channel_id, mods);
    const row = await t.deps.db.selectFrom("realm_message_settings").select("moderation_request_channel_id").where("realm_id", "=", owner.realmId).executeTakeFirst();
    assert.equal(row?.moderation_request_channel_id, mods);
    await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: -1 });
    assert.equal((await state(owner)).realm_moderation_request_channel_id, -1);
  });

  it("answers an empty success when nothing changes", async () => {
    await events.take();
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { digest_weekday: 3 })).body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
  });

  it("refuses members, owner-only settings for administrators and bad values", async () => {
    assert.deepEqual((await t.call(member, "PATCH", "/realm", { name: "Mine" })).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    assert.deepEqual((await t.call(admin, "PATCH", "/realm", { org_type: 10 })).body, { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" });
    for (const name of ["invite_required", "emails_restricted_to_domains", "disallow_disposable_email_addresses"]) {
      assert.deepEqual((await t.call(admin, "PATCH", "/realm", { [name]: true })).body, { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" }, name);
    }
    assert.equal((await t.call(admin, "PATCH", "/realm", { waiting_period_threshold: 3 })).body.code, "UNAUTHORIZED_PRINCIPAL");
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { digest_weekday: 7 })).body, badRequest("digest_weekday is too large"));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { media_preview_size: 120 })).body, badRequest("Invalid media_preview_size"));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { name: "x".repeat(41) })).body, badRequest("name is too long (limit: 40 characters)"));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_edit_history_visibility_policy: "some" })).body, badRequest("Invalid message_edit_history_visibility_policy"));
  });

  it("sets message retention (owners only): a positive number of days or \"unlimited\", which is -1", async () => {
    await events.take();
    assert.equal((await state(member)).realm_message_retention_days, -1);
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: 30 })).body, { result: "success", msg: "", message_retention_days: 30 });
    assert.deepEqual((await events.take()).map((e) => e.event), [{ type: "realm", op: "update", property: "message_retention_days", value: 30 }]);
    assert.equal((await state(member)).realm_message_retention_days, 30);
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: JSON.stringify("unlimited") })).body, { result: "success", msg: "", message_retention_days: -1 });
    assert.deepEqual((await events.take()).map((e) => e.event), [{ type: "realm", op: "update", property: "message_retention_days", value: -1 }]);
    assert.equal((await state(member)).realm_message_retention_days, -1);
    // Already forever: nothing changes, nothing is sent.
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: JSON.stringify("unlimited") })).body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
  });

  it("refuses retention from administrators and values other than a positive integer or \"unlimited\"", async () => {
    const ownerOnly = { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" };
    assert.deepEqual((await t.call(admin, "PATCH", "/realm", { message_retention_days: 30 })).body, ownerOnly);
    assert.deepEqual((await t.call(member, "PATCH", "/realm", { message_retention_days: 30 })).body.msg, "Must be an organization administrator");
    const bad = (value: unknown) => ({ result: "error", msg: `Bad value for 'message_retention_days': ${value}`, code: "REQUEST_VARIABLE_INVALID", var_name: "message_retention_days", bad_value: value });
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: 0 })).body, bad(0));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: -5 })).body, bad(-5));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: JSON.stringify("forever") })).body, bad("forever"));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { message_retention_days: "unlimited" })).body, badRequest("message_retention_days is not valid JSON"));
    assert.equal((await t.call(owner, "PATCH", "/realm", { message_retention_days: 1.5 })).status, 400);
    assert.equal((await state(member)).realm_message_retention_days, -1);
  });

  it("shows the sign-in methods and lets owners keep at least one of them on, as Zulip", async () => {
    const s = await state(member);
    assert.deepEqual(s.realm_authentication_methods, { Email: { enabled: true, available: true } });
    assert.deepEqual([s.realm_email_auth_enabled, s.realm_password_auth_enabled], [true, true]);
    await events.take();
    // The only method turned on again: the same map, nothing sent.
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { authentication_methods: { Email: true } })).body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
    const refused = (msg: string) => ({ result: "error", msg, code: "BAD_REQUEST" });
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { authentication_methods: { Email: false } })).body, refused("At least one authentication method must be enabled."));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { authentication_methods: {} })).body, refused("At least one authentication method must be enabled."));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { authentication_methods: { Email: true, GitHub: true } })).body, refused("Invalid authentication method: GitHub. Valid methods are: ['Email']"));
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { authentication_methods: JSON.stringify([true]) })).body, badRequest("authentication_methods is not a dict"));
    // Owners only, checked before the value; and before every other setting in the request.
    const ownerOnly = { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" };
    assert.deepEqual((await t.call(admin, "PATCH", "/realm", { authentication_methods: {} })).body, ownerOnly);
    assert.deepEqual((await t.call(owner, "PATCH", "/realm", { digest_weekday: 2, authentication_methods: {} })).body.msg, "At least one authentication method must be enabled.");
    assert.equal((await state(member)).realm_digest_weekday, 3, "nothing of a refused request is applied");
    assert.deepEqual(await events.take(), []);
    assert.deepEqual((await state(member)).realm_authentication_methods, { Email: { enabled: true, available: true } });
  });
});

