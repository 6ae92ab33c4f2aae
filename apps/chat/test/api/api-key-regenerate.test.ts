import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /users/me/api_key/regenerate", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("returns a new key and revokes the old one", async () => {
    const res = await t.call(owner, "POST", "/users/me/api_key/regenerate");
    assert.equal(res.status, 200);
    assert.match(res.body.api_key, /^[a-z0-9]{32}$/);
    assert.notEqual(res.body.api_key, owner.apiKey);
    assert.equal((await t.call(owner, "GET", "/users/me")).body.msg, "Invalid API key");
    const fresh = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: basic(owner.email, res.body.api_key) } });
    assert.equal(fresh.status, 200);
  });

  it("never stores keys in plain text", async () => {
    const rows = await t.deps.db.selectFrom("api_keys").select("key_hash").execute();
    assert.ok(rows.length > 0);
    for (const row of rows) assert.match(row.key_hash, /^[0-9a-f]{64}$/);
  });
});
