import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST, ROLE_MODERATOR } from "../../src/lib/roles.js";

describe("GET /user_groups", () => {
  let t: ChatTest;
  let owner: Account;
  let moderator: Account;
  let guest: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    moderator = await t.user(owner, { role: ROLE_MODERATOR });
    guest = await t.user(owner, { role: ROLE_GUEST });
  });
  after(() => t.close());

  it("lists the system groups, with role-based members and the subgroup chain", async () => {
    const res = await t.call(owner, "GET", "/user_groups");
    const byName = Object.fromEntries(res.body.user_groups.map((g: any) => [g.name, g]));
    assert.deepEqual(Object.keys(byName).sort(), ["role:administrators", "role:everyone", "role:fullmembers", "role:internet", "role:members", "role:moderators", "role:nobody", "role:owners"]);
    assert.deepEqual(byName["role:owners"].members, [owner.id]);
    assert.deepEqual(byName["role:moderators"].members, [moderator.id]);
    assert.deepEqual(byName["role:everyone"].members, [guest.id]);
    assert.deepEqual(byName["role:moderators"].direct_subgroup_ids, [byName["role:administrators"].id]);
    assert.deepEqual(byName["role:everyone"].direct_subgroup_ids, [byName["role:members"].id]);
    assert.equal(byName["role:owners"].is_system_group, true);
    assert.equal(byName["role:owners"].date_created, null);
  });

  it("hides anonymous setting groups and, unless asked, deactivated groups", async () => {
    await t.call(owner, "POST", "/channels/create", { name: "c", subscribers: [] }); // creates an anonymous admin group
    const id = (await t.call(owner, "POST", "/user_groups/create", { name: "gone", description: "", members: [] })).body.group_id;
    await t.call(owner, "POST", `/user_groups/${id}/deactivate`);
    const names = (await t.call(owner, "GET", "/user_groups")).body.user_groups.map((g: any) => g.name);
    assert.equal(names.includes(null), false);
    assert.equal(names.includes("gone"), false);
    const all = (await t.call(owner, "GET", "/user_groups", { include_deactivated_groups: true })).body.user_groups;
    assert.equal(all.find((g: any) => g.name === "gone").deactivated, true);
  });
});
