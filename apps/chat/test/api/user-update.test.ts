import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

describe("PATCH /users/{user_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let admin: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    member = await t.user(owner, { name: "Before" });
  });
  after(() => t.close());

  it("lets an administrator rename a user and change their role", async () => {
    const res = await t.call(admin, "PATCH", `/users/${member.id}`, { full_name: "After", role: 300 });
    assert.equal(res.status, 200);
    const user = (await t.call(admin, "GET", `/users/${member.id}`)).body.user;
    assert.equal(user.full_name, "After");
    assert.equal(user.role, 300);
  });

  it("accepts the user's email in the path", async () => {
    const res = await t.call(admin, "PATCH", `/users/${member.email}`, { full_name: "By Email" });
    assert.equal(res.status, 200);
    assert.equal((await t.call(admin, "GET", `/users/${member.id}`)).body.user.full_name, "By Email");
  });

  it("refuses members, and administrators touching owners", async () => {
    assert.deepEqual((await t.call(member, "PATCH", `/users/${admin.id}`, { full_name: "X" })).body, badRequest("Insufficient permission"));
    const res = await t.call(admin, "PATCH", `/users/${member.id}`, { role: 100 });
    assert.deepEqual(res.body, { result: "error", msg: "Must be an organization owner", code: "UNAUTHORIZED_PRINCIPAL" });
  });

  it("refuses an unknown role and a non-integer role", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", `/users/${member.id}`, { role: 250 })).body, badRequest("Invalid role"));
    assert.deepEqual((await t.call(owner, "PATCH", `/users/${member.id}`, { role: "admin" })).body, badRequest("role is not valid JSON"));
  });

  it("keeps at least one owner", async () => {
    const res = await t.call(owner, "PATCH", `/users/${owner.id}`, { role: 400 });
    assert.deepEqual(res.body, badRequest("The owner permission cannot be removed from the only organization owner."));
  });
});
