import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("PATCH /user_groups/{id} and POST /user_groups/{id}/deactivate", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let id: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    id = (await t.call(owner, "POST", "/user_groups/create", { name: "ops", description: "", members: [owner.id] })).body.group_id;
  });
  after(() => t.close());

  const group = async (gid = id) => (await t.call(owner, "GET", "/user_groups", { include_deactivated_groups: true })).body.user_groups.find((g: any) => g.id === gid);

  it("renames and describes a group", async () => {
    assert.equal((await t.call(owner, "PATCH", `/user_groups/${id}`, { name: "operations", description: "On call" })).status, 200);
    const after = await group();
    assert.deepEqual([after.name, after.description], ["operations", "On call"]);
  });

  it("changes a permission setting", async () => {
    assert.equal((await t.call(owner, "PATCH", `/user_groups/${id}`, { can_join_group: { new: { direct_members: [member.id], direct_subgroups: [] } } })).status, 200);
    assert.deepEqual((await group()).can_join_group, { direct_members: [member.id], direct_subgroups: [] });
  });

  it("refuses a setting change whose 'old' is not the current value with EXPECTATION_MISMATCH", async () => {
    const stale = await t.call(owner, "PATCH", `/user_groups/${id}`, { can_join_group: { new: { direct_members: [], direct_subgroups: [] }, old: { direct_members: [owner.id], direct_subgroups: [] } } });
    assert.deepEqual(stale.body, { result: "error", msg: "'old' value does not match the expected value.", code: "EXPECTATION_MISMATCH", field_name: "old" });
  });

  it("refuses people who do not manage the group, and unknown groups", async () => {
    assert.deepEqual((await t.call(member, "PATCH", `/user_groups/${id}`, { name: "mine" })).body, badRequest("Insufficient permission"));
    assert.deepEqual((await t.call(owner, "PATCH", "/user_groups/99999", { name: "x" })).body, badRequest("Invalid user group"));
    assert.deepEqual((await t.call(owner, "PATCH", `/user_groups/${id}`, {})).body, badRequest("No new data supplied"));
  });

  it("refuses to deactivate a group a channel setting uses, naming the objection", async () => {
    const channel = (await t.call(owner, "POST", "/channels/create", { name: "ops-room", subscribers: [], can_send_message_group: id })).body.id;
    const res = await t.call(owner, "POST", `/user_groups/${id}/deactivate`);
    assert.deepEqual(res.body, {
      result: "error",
      msg: "Cannot deactivate user group in use.",
      code: "CANNOT_DEACTIVATE_GROUP_IN_USE",
      objections: [{ type: "channel", channel_id: channel, settings: ["can_send_message_group"] }],
    });
  });

  it("deactivates an unused group and reactivates it with deactivated=false", async () => {
    const other = (await t.call(owner, "POST", "/user_groups/create", { name: "temp", description: "", members: [] })).body.group_id;
    assert.equal((await t.call(owner, "POST", `/user_groups/${other}/deactivate`)).status, 200);
    assert.equal((await group(other)).deactivated, true);
    assert.equal((await t.call(owner, "PATCH", `/user_groups/${other}`, { deactivated: false })).status, 200);
    assert.equal((await group(other)).deactivated, false);
  });
});
