import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /users/{user_id} and GET /users/{email}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner, { email: "Sam@Example.com", name: "Sam" });
  });
  after(() => t.close());

  it("returns one user by id", async () => {
    const res = await t.call(owner, "GET", `/users/${member.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.user.user_id, member.id);
    assert.equal(res.body.user.full_name, "Sam");
    assert.equal(res.body.user.avatar_url, null);
  });

  it("returns one user by email, case-insensitively", async () => {
    const res = await t.call(owner, "GET", `/users/${encodeURIComponent("sam@example.com")}`, { client_gravatar: false });
    assert.equal(res.body.user.user_id, member.id);
    assert.match(res.body.user.avatar_url, /gravatar/);
  });

  it("still returns deactivated users", async () => {
    await t.call(owner, "DELETE", `/users/${member.id}`);
    const res = await t.call(owner, "GET", `/users/${member.id}`);
    assert.equal(res.body.user.is_active, false);
  });

  it("answers No such user for an unknown id or email", async () => {
    assert.deepEqual((await t.call(owner, "GET", "/users/99999")).body, badRequest("No such user"));
    assert.deepEqual((await t.call(owner, "GET", "/users/ghost@example.com")).body, badRequest("No such user"));
  });

  it("answers an id beyond the database's integer range exactly as an unknown id", async () => {
    for (const id of ["2147483648", "4294967296", "9007199254740993", "1" + "0".repeat(30)]) {
      const res = await t.call(owner, "GET", `/users/${id}`);
      assert.deepEqual([res.status, res.body], [400, badRequest("No such user")], id);
    }
  });

  it("refuses a NUL in the user's email in the URL", async () => {
    const res = await t.call(owner, "GET", "/users/ghost%00@example.com");
    assert.deepEqual([res.status, res.body], [400, badRequest("user must not contain null bytes")]);
  });
});
