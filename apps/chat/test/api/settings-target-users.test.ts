import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("PATCH /settings with target_users", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let ann: Account;
  let bob: Account;
  let cat: Account;
  let groupId: number;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    ann = await t.user(owner);
    bob = await t.user(owner);
    cat = await t.user(owner);
    groupId = (await t.call(owner, "POST", "/user_groups/create", { name: "Pair", description: "", members: JSON.stringify([bob.id, cat.id]) })).body.group_id;
    events = captureEvents(t);
  });
  after(() => t.close());

  const bulk = (who: Account, target: Record<string, unknown>, settings: Record<string, unknown>) =>
    t.call(who, "PATCH", "/settings", { target_users: JSON.stringify(target), ...settings });
  const setting = async (who: Account, name: string) => (await t.call(who, "POST", "/register", { fetch_event_types: ["user_settings"] })).body.user_settings[name];

  it("changes the named users' and the groups' members' settings, one user_settings event to each", async () => {
    await events.take();
    const res = await bulk(admin, { user_ids: [ann.id], group_ids: [groupId], skip_if_already_edited: false }, { color_scheme: 3, enter_sends: true });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const sent = await events.take();
    assert.deepEqual(
      sent.map((e) => [e.users, e.event.property, e.event.value]),
      [ann, bob, cat].flatMap((u) => [[[u.id], "color_scheme", 3], [[u.id], "enter_sends", true]]),
    );
    for (const who of [ann, bob, cat]) assert.equal(await setting(who, "color_scheme"), 3);
    assert.equal(await setting(admin, "color_scheme"), 1, "the caller is not a target");
  });

  it("skips users whose value is already the new one", async () => {
    await events.take();
    await bulk(admin, { user_ids: [ann.id, admin.id], skip_if_already_edited: false }, { color_scheme: 3 });
    assert.deepEqual((await events.take()).map((e) => e.users), [[admin.id]]);
  });

  it("with skip_if_already_edited spares users who changed the setting themselves", async () => {
    await t.call(bob, "PATCH", "/settings", { emojiset: "twitter" });
    await events.take();
    await bulk(owner, { group_ids: [groupId], skip_if_already_edited: true }, { emojiset: "text" });
    assert.deepEqual((await events.take()).map((e) => e.users), [[cat.id]]);
    assert.deepEqual([await setting(bob, "emojiset"), await setting(cat, "emojiset")], ["twitter", "text"]);
    // An administrator's change is not the user's own: it does not protect the value later.
    await bulk(owner, { user_ids: [cat.id], skip_if_already_edited: true }, { emojiset: "google" });
    assert.equal(await setting(cat, "emojiset"), "google");
    await bulk(owner, { user_ids: [bob.id], skip_if_already_edited: false }, { emojiset: "google" });
    assert.equal(await setting(bob, "emojiset"), "google");
  });

  it("leaves bots out", async () => {
    const bot = await t.user(owner, { botType: 1 });
    await events.take();
    assert.equal((await bulk(admin, { user_ids: [bot.id], skip_if_already_edited: false }, { color_scheme: 2 })).status, 200);
    assert.deepEqual(await events.take(), []);
  });

  it("refuses non-administrators, security settings, identity fields and unknown targets", async () => {
    const target = { user_ids: [ann.id], skip_if_already_edited: false };
    assert.deepEqual((await bulk(ann, target, { color_scheme: 2 })).body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
    for (const params of [{ presence_enabled: false }, { send_read_receipts: false }, { email: "x@example.com" }, { new_password: "Tr0ub4dor&3", old_password: "x" }, { timezone: "Europe/Paris" }]) {
      assert.deepEqual((await bulk(admin, target, params)).body, badRequest("Cannot change this setting for other users."), JSON.stringify(params));
    }
    assert.deepEqual((await bulk(admin, { skip_if_already_edited: false }, { color_scheme: 2 })).body, badRequest("Either user_ids or group_ids must be provided."));
    assert.deepEqual((await bulk(admin, { user_ids: [999_999], skip_if_already_edited: false }, { color_scheme: 2 })).body, badRequest("Invalid user ID: 999999"));
    assert.deepEqual((await bulk(admin, { group_ids: [999_999], skip_if_already_edited: false }, { color_scheme: 2 })).body, badRequest("Invalid user group ID: 999999"));
    assert.equal((await bulk(admin, { user_ids: [ann.id] }, { color_scheme: 2 })).status, 400, "skip_if_already_edited is required");
    assert.deepEqual((await bulk(admin, target, { notification_sound: "bell" })).body, badRequest("Invalid notification sound 'bell'"));
  });
});
