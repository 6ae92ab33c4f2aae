import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

describe("POST /users", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("creates a member who can then log in with the password", async () => {
    const res = await t.call(owner, "POST", "/users", { email: "new@example.com", password: "pw-123456", full_name: "New Person" });
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.user_id, "number");
    const user = await t.call(owner, "GET", `/users/${res.body.user_id}`);
    assert.equal(user.body.user.full_name, "New Person");
    assert.equal(user.body.user.role, 400);
    const login = await t.call(null, "POST", "/fetch_api_key", { username: "new@example.com", password: "pw-123456" }, { host: owner.host });
    assert.equal(login.body.user_id, res.body.user_id);
  });

  it("refuses an email already in use, whatever its case", async () => {
    const res = await t.call(owner, "POST", "/users", { email: owner.email.toUpperCase(), password: "pw", full_name: "Twin" });
    assert.deepEqual([res.status, res.body], [400, badRequest("Email is already in use.")]);
  });

  it("refuses an invalid email and an empty name", async () => {
    const email = await t.call(owner, "POST", "/users", { email: "not-an-email", password: "pw", full_name: "X" });
    assert.deepEqual(email.body, badRequest("Invalid email 'not-an-email'"));
    const name = await t.call(owner, "POST", "/users", { email: "blank@example.com", password: "pw", full_name: "   " });
    assert.deepEqual(name.body, badRequest("Name too short!"));
  });

  it("refuses members who may not create users", async () => {
    const member = await t.user(owner);
    const res = await t.call(member, "POST", "/users", { email: "x@example.com", password: "pw", full_name: "X" });
    assert.deepEqual([res.status, res.body], [400, badRequest("User not authorized to create users")]);
  });

  it("refuses administrators without the server-granted can_create_users permission", async () => {
    const admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    const res = await t.call(admin, "POST", "/users", { email: "y@example.com", password: "pw", full_name: "Y" });
    assert.deepEqual([res.status, res.body], [400, badRequest("User not authorized to create users")]);
  });
});
