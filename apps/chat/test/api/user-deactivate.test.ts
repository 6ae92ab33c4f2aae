import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("DELETE /users/{user_id} and POST /users/{user_id}/reactivate", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  it("deactivates a user, whose key then stops working, and reactivates them", async () => {
    assert.equal((await t.call(owner, "DELETE", `/users/${member.id}`)).status, 200);
    assert.equal((await t.call(member, "GET", "/users/me")).status, 401);
    assert.deepEqual((await t.call(owner, "DELETE", `/users/${member.id}`)).body, badRequest("User is deactivated"));
    assert.equal((await t.call(owner, "POST", `/users/${member.id}/reactivate`)).status, 200);
    assert.equal((await t.call(member, "GET", "/users/me")).status, 200);
    assert.deepEqual((await t.call(owner, "POST", `/users/${member.id}/reactivate`)).body, badRequest("User is already active"));
  });

  it("refuses members and the last owner", async () => {
    assert.deepEqual((await t.call(member, "DELETE", `/users/${owner.id}`)).body, badRequest("Insufficient permission"));
    const last = await t.call(owner, "DELETE", `/users/${owner.id}`);
    assert.equal(last.body.code, "CANNOT_DEACTIVATE_LAST_USER");
  });

  it("answers No such user for unknown ids", async () => {
    assert.deepEqual((await t.call(owner, "DELETE", "/users/424242")).body, badRequest("No such user"));
  });
});
