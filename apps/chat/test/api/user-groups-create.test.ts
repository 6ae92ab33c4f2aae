import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("POST /user_groups/create", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  const groups = async () => (await t.call(owner, "GET", "/user_groups")).body.user_groups;

  it("creates a group with members and subgroups, managed by its creator", async () => {
    const mods = (await groups()).find((g: any) => g.name === "role:moderators").id;
    const res = await t.call(member, "POST", "/user_groups/create", { name: "support", description: "Helpers", members: [member.id, owner.id], subgroups: [mods] });
    assert.equal(res.status, 200);
    const group = (await groups()).find((g: any) => g.id === res.body.group_id);
    assert.equal(group.name, "support");
    assert.equal(group.description, "Helpers");
    assert.deepEqual(group.members, [owner.id, member.id]);
    assert.deepEqual(group.direct_subgroup_ids, [mods]);
    assert.equal(group.creator_id, member.id);
    assert.equal(group.is_system_group, false);
    assert.equal(group.deactivated, false);
    assert.deepEqual(group.can_manage_group, { direct_members: [member.id], direct_subgroups: [] });
  });

  it("refuses a taken or reserved name", async () => {
    assert.deepEqual((await t.call(member, "POST", "/user_groups/create", { name: "Support", description: "", members: [] })).body, badRequest("User group 'Support' already exists."));
    assert.deepEqual((await t.call(member, "POST", "/user_groups/create", { name: "role:mine", description: "", members: [] })).body, badRequest("User group name cannot start with 'role:'."));
  });

  it("refuses unknown users and groups", async () => {
    assert.deepEqual((await t.call(member, "POST", "/user_groups/create", { name: "x", description: "", members: [500] })).body, badRequest("Invalid user ID: 500"));
    assert.deepEqual((await t.call(member, "POST", "/user_groups/create", { name: "x", description: "", members: [], subgroups: [9999] })).body, badRequest("Invalid user group"));
    const missing = await t.call(member, "POST", "/user_groups/create", { name: "x", members: [] });
    assert.equal(missing.body.msg, "Missing 'description' argument");
  });

  it("refuses guests", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.deepEqual((await t.call(guest, "POST", "/user_groups/create", { name: "g", description: "", members: [] })).body, badRequest("Insufficient permission"));
  });
});
