import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("user group members and subgroups", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let outer: number;
  let inner: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    alice = await t.user(owner);
    bob = await t.user(owner);
    outer = (await t.call(owner, "POST", "/user_groups/create", { name: "outer", description: "", members: [owner.id] })).body.group_id;
    inner = (await t.call(owner, "POST", "/user_groups/create", { name: "inner", description: "", members: [alice.id] })).body.group_id;
  });
  after(() => t.close());

  it("adds and removes members", async () => {
    assert.equal((await t.call(owner, "POST", `/user_groups/${outer}/members`, { add: [bob.id] })).status, 200);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${outer}/members`)).body.members, [owner.id, bob.id]);
    assert.equal((await t.call(owner, "POST", `/user_groups/${outer}/members`, { delete: [bob.id] })).status, 200);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${outer}/members`)).body.members, [owner.id]);
  });

  it("reports members already present or absent", async () => {
    assert.deepEqual((await t.call(owner, "POST", `/user_groups/${outer}/members`, { add: [owner.id] })).body, badRequest(`User ${owner.id} is already a member of this group`));
    assert.deepEqual((await t.call(owner, "POST", `/user_groups/${outer}/members`, { delete: [bob.id] })).body, badRequest(`There is no member '${bob.id}' in this user group`));
  });

  it("nests groups: members through subgroups count unless direct_member_only", async () => {
    assert.equal((await t.call(owner, "POST", `/user_groups/${outer}/subgroups`, { add: [inner] })).status, 200);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${outer}/subgroups`)).body.subgroups, [inner]);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${outer}/members`)).body.members, [owner.id, alice.id]);
    assert.deepEqual((await t.call(owner, "GET", `/user_groups/${outer}/members`, { direct_member_only: true })).body.members, [owner.id]);
    assert.equal((await t.call(owner, "GET", `/user_groups/${outer}/members/${alice.id}`)).body.is_user_group_member, true);
    assert.equal((await t.call(owner, "GET", `/user_groups/${outer}/members/${alice.id}`, { direct_member_only: true })).body.is_user_group_member, false);
  });

  it("refuses cycles", async () => {
    assert.deepEqual((await t.call(owner, "POST", `/user_groups/${inner}/subgroups`, { add: [outer] })).body, badRequest(`User group ${outer} is already a supergroup of this group.`));
  });

  it("lets only managers change membership, and never of system groups", async () => {
    assert.deepEqual((await t.call(bob, "POST", `/user_groups/${outer}/members`, { add: [bob.id] })).body, badRequest("Insufficient permission"));
    const system = (await t.call(owner, "GET", "/user_groups")).body.user_groups.find((g: any) => g.name === "role:members").id;
    assert.deepEqual((await t.call(owner, "POST", `/user_groups/${system}/members`, { add: [bob.id] })).body, badRequest("Insufficient permission"));
  });
});
