import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";

const failed = { result: "error", msg: "Your username or password is incorrect", code: "AUTHENTICATION_FAILED" };

describe("POST /fetch_api_key", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme", password: "s3cret-pass" });
  });
  after(() => t.close());

  it("returns a working API key, the email and the user id for the right password", async () => {
    const res = await t.call(null, "POST", "/fetch_api_key", { username: owner.email, password: "s3cret-pass" }, { host: owner.host });
    assert.equal(res.status, 200);
    assert.equal(res.body.email, owner.email);
    assert.equal(res.body.user_id, owner.id);
    assert.match(res.body.api_key, /^[a-z0-9]{32}$/);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/users/me", headers: { host: owner.host, authorization: basic(owner.email, res.body.api_key) } });
    assert.equal(me.json().user_id, owner.id);
  });

  it("keeps earlier keys valid when it issues a new one", async () => {
    await t.call(null, "POST", "/fetch_api_key", { username: owner.email, password: "s3cret-pass" }, { host: owner.host });
    assert.equal((await t.call(owner, "GET", "/users/me")).status, 200);
  });

  it("answers 401 AUTHENTICATION_FAILED for a wrong password or an unknown email", async () => {
    const wrong = await t.call(null, "POST", "/fetch_api_key", { username: owner.email, password: "nope" }, { host: owner.host });
    assert.deepEqual([wrong.status, wrong.body], [401, failed]);
    const unknown = await t.call(null, "POST", "/fetch_api_key", { username: "ghost@example.com", password: "nope" }, { host: owner.host });
    assert.deepEqual([unknown.status, unknown.body], [401, failed]);
  });

  it("finds the user's realm from the email on a host that names no realm", async () => {
    const res = await t.call(null, "POST", "/fetch_api_key", { username: owner.email.toUpperCase(), password: "s3cret-pass" }, { host: "127.0.0.1:9991" });
    assert.equal(res.status, 200);
    assert.equal(res.body.user_id, owner.id);
  });

  it("refuses an email held in two realms when the host names neither", async () => {
    const other = await t.realm({ subdomain: "other" });
    await t.user(other, { email: owner.email, password: "s3cret-pass" });
    const res = await t.call(null, "POST", "/fetch_api_key", { username: owner.email, password: "s3cret-pass" }, { host: "127.0.0.1" });
    assert.deepEqual([res.status, res.body], [401, failed]);
    const named = await t.call(null, "POST", "/fetch_api_key", { username: owner.email, password: "s3cret-pass" }, { host: other.host });
    assert.equal(named.status, 200);
    assert.notEqual(named.body.user_id, owner.id);
  });

  it("answers USER_DEACTIVATED for a deactivated account with the right password", async () => {
    const member = await t.user(owner, { email: "leaver@example.com", password: "pw-leaver" });
    await t.call(owner, "DELETE", `/users/${member.id}`);
    const res = await t.call(null, "POST", "/fetch_api_key", { username: "leaver@example.com", password: "pw-leaver" }, { host: owner.host });
    assert.deepEqual([res.status, res.body], [401, { result: "error", msg: "Account is deactivated", code: "USER_DEACTIVATED" }]);
  });

  it("takes only the real address of a user who hides it, never the stand-in API email", async () => {
    const hider = await t.user(owner, { email: "hider@private.example", password: "pw-hider-1" });
    assert.equal((await t.call(hider, "PATCH", "/settings", { email_address_visibility: 4 })).status, 200);
    const standIn = (await t.call(hider, "GET", "/users/me")).body.email as string;
    assert.equal(standIn, `user${hider.id}@${owner.host.split(":")[0]}`);
    for (const host of [owner.host, "127.0.0.1:9991"]) {
      const refused = await t.call(null, "POST", "/fetch_api_key", { username: standIn, password: "pw-hider-1" }, { host });
      assert.deepEqual([refused.status, refused.body], [401, failed], host);
    }
    const res = await t.call(null, "POST", "/fetch_api_key", { username: "Hider@Private.example", password: "pw-hider-1" }, { host: owner.host });
    assert.deepEqual([res.status, res.body.user_id, res.body.email], [200, hider.id, "hider@private.example"]);
  });

  it("reports a missing password", async () => {
    const res = await t.call(null, "POST", "/fetch_api_key", { username: owner.email }, { host: owner.host });
    assert.deepEqual([res.status, res.body.msg, res.body.code], [400, "Missing 'password' argument", "REQUEST_VARIABLE_MISSING"]);
  });
});
