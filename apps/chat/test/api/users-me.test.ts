import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /users/me and DELETE /users/me", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("returns the caller's own profile at top level", async () => {
    const res = await t.call(owner, "GET", "/users/me");
    assert.equal(res.status, 200);
    assert.equal(res.body.user_id, owner.id);
    assert.equal(res.body.email, owner.email);
    assert.equal(res.body.delivery_email, owner.email);
    assert.equal(res.body.full_name, "Olivia Owner");
    assert.equal(res.body.role, 100);
    assert.equal(res.body.is_owner, true);
    assert.equal(res.body.is_admin, true);
    assert.equal(res.body.max_message_id, -1);
    assert.deepEqual(res.body.profile_data, {});
    assert.match(res.body.avatar_url, /gravatar/);
  });

  it("refuses to deactivate the only owner", async () => {
    const res = await t.call(owner, "DELETE", "/users/me");
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, {
      result: "error",
      msg: "Cannot deactivate the only organization owner.",
      code: "CANNOT_DEACTIVATE_LAST_USER",
      is_last_owner: true,
      entity: "organization owner",
    });
  });

  it("lets a member deactivate themselves, after which their key stops working", async () => {
    const member = await t.user(owner);
    const res = await t.call(member, "DELETE", "/users/me");
    assert.equal(res.status, 200);
    assert.equal((await t.call(member, "GET", "/users/me")).body.msg, "Account is deactivated");
  });
});
