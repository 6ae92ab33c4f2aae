import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";
import { captureEvents } from "./org-support.js";

describe("PATCH /realm: permission group settings", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let other: Account;
  let events: ReturnType<typeof captureEvents>;
  const groups = new Map<string, number>();

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner);
    other = await t.user(owner);
    for (const g of (await t.call(owner, "GET", "/user_groups")).body.user_groups) groups.set(g.name, g.id);
    events = captureEvents(t);
  });
  after(() => t.close());

  const id = (name: string) => groups.get(name)!;
  const set = (who: Account, params: Record<string, unknown>) =>
    t.call(who, "PATCH", "/realm", Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])));
  const realmState = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["realm"] })).body;

  it("sets a setting to a named group: the answer, an update_dict event to everyone, /register", async () => {
    await events.take();
    const res = await set(admin, { can_delete_any_message_group: { new: id("role:moderators") } });
    assert.deepEqual(res.body, { result: "success", msg: "", can_delete_any_message_group: id("role:moderators") });
    const sent = await events.take();
    assert.deepEqual(sent.map((e) => e.event), [{ type: "realm", op: "update_dict", property: "default", data: { can_delete_any_message_group: id("role:moderators") } }]);
    assert.deepEqual(sent[0]!.users, [owner.id, admin.id, member.id, other.id]);
    assert.equal((await realmState(member)).realm_can_delete_any_message_group, id("role:moderators"));
  });

  it("stores an anonymous group of members and subgroups, and reports it in that form", async () => {
    const value = { direct_members: [other.id, member.id], direct_subgroups: [id("role:administrators")] };
    const res = await set(owner, { can_create_groups: { new: value } });
    const expected = { direct_members: [member.id, other.id], direct_subgroups: [id("role:administrators")] };
    assert.deepEqual(res.body.can_create_groups, expected);
    assert.deepEqual((await events.take()).map((e) => e.event.data), [{ can_create_groups: expected }]);
    assert.deepEqual((await realmState(owner)).realm_can_create_groups, expected);
  });

  it("treats one subgroup and no members as that group, and nobody at all as role:nobody", async () => {
    const one = await set(owner, { can_add_custom_emoji_group: { new: { direct_members: [], direct_subgroups: [id("role:moderators")] } } });
    assert.equal(one.body.can_add_custom_emoji_group, id("role:moderators"));
    const none = await set(owner, { can_add_custom_emoji_group: { new: { direct_members: [], direct_subgroups: [] } } });
    assert.equal(none.body.can_add_custom_emoji_group, id("role:nobody"));
    assert.equal((await realmState(owner)).realm_can_add_custom_emoji_group, id("role:nobody"));
  });

  it("checks the 'old' value, and changes nothing when the new value is the current one", async () => {
    const wrong = await set(admin, { can_delete_any_message_group: { new: id("role:administrators"), old: id("role:members") } });
    assert.deepEqual(wrong.body, { result: "error", msg: "'old' value does not match the expected value.", code: "EXPECTATION_MISMATCH", field_name: "old" });
    await events.take();
    const same = await set(admin, { can_delete_any_message_group: { new: id("role:moderators"), old: id("role:moderators") } });
    assert.deepEqual(same.body, { result: "success", msg: "" });
    assert.deepEqual(await events.take(), []);
    const anonymousOld = { direct_members: [other.id, member.id], direct_subgroups: [id("role:administrators")] };
    const ok = await set(owner, { can_create_groups: { new: id("role:members"), old: anonymousOld } });
    assert.equal(ok.body.can_create_groups, id("role:members"));
  });

  it("refuses groups a setting does not allow, with Zulip's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ can_manage_all_groups: { new: id("role:nobody") } }, "'can_manage_all_groups' setting cannot be set to 'role:nobody' group."],
      [{ can_delete_any_message_group: { new: id("role:everyone") } }, "'can_delete_any_message_group' setting cannot be set to 'role:everyone' group."],
      [{ direct_message_permission_group: { new: id("role:internet") } }, "'direct_message_permission_group' setting cannot be set to 'role:internet' group."],
      [{ can_create_web_public_channel_group: { new: id("role:members") } }, "'can_create_web_public_channel_group' setting cannot be set to 'role:members' group."],
      [{ can_access_all_users_group: { new: { direct_members: [member.id], direct_subgroups: [] } } }, "'can_access_all_users_group' must be a system user group."],
      [{ can_resolve_topics_group: { new: 999_999 } }, "Invalid user group"],
      [{ can_resolve_topics_group: { new: { direct_members: [999_999], direct_subgroups: [] } } }, "Invalid user ID: 999999"],
    ];
    for (const [params, msg] of cases) assert.deepEqual((await set(owner, params)).body, badRequest(msg), msg);
    assert.deepEqual((await set(owner, { can_resolve_topics_group: id("role:members") })).body.result, "error", "a bare value is not a {new, old} object");
  });

  it("leaves owner-only settings to owners and refuses members", async () => {
    const ownerOnly = { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" };
    for (const name of ["can_invite_users_group", "create_multiuse_invite_group", "can_create_groups", "can_manage_all_groups", "can_manage_billing_group"]) {
      assert.deepEqual((await set(admin, { [name]: { new: id("role:administrators") } })).body, ownerOnly, name);
    }
    const admins = { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" };
    assert.deepEqual((await set(member, { can_resolve_topics_group: { new: id("role:members") } })).body, admins);
  });

  it("takes effect at once: channel creation, invitations and direct messages follow the new groups", async () => {
    const create = (who: Account, name: string) => t.call(who, "POST", "/users/me/subscriptions", { subscriptions: JSON.stringify([{ name }]) });
    assert.equal((await create(member, "before")).status, 200);
    await set(admin, { can_create_public_channel_group: { new: id("role:administrators") } });
    assert.equal((await create(member, "after")).status, 400);
    assert.equal((await create(admin, "after")).status, 200);

    const invite = (who: Account) => t.call(who, "POST", "/invites/multiuse", {});
    await set(owner, { create_multiuse_invite_group: { new: { direct_members: [member.id], direct_subgroups: [] } } });
    assert.equal((await invite(member)).status, 200);
    await set(owner, { create_multiuse_invite_group: { new: id("role:nobody") } });
    assert.deepEqual((await invite(member)).body, badRequest("Insufficient permission"));

    const dm = () => t.call(member, "POST", "/messages", { type: "direct", to: JSON.stringify([other.id]), content: "hi" });
    assert.equal((await dm()).status, 200);
    await set(admin, { direct_message_permission_group: { new: id("role:nobody") } });
    assert.deepEqual((await dm()).body, badRequest("Direct messages are disabled in this organization."));
    await set(admin, { direct_message_permission_group: { new: id("role:everyone") } });
    assert.equal((await dm()).status, 200);
  });
});
