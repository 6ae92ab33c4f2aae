import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_INCOMING_WEBHOOK } from "../../src/lib/roles.js";

const unauthorized = (msg: string) => ({ result: "error", msg, code: "UNAUTHORIZED" });

describe("HTTP Basic authentication", () => {
  let t: ChatTest;
  let owner: Account;
  let other: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme" });
    other = await t.realm({ subdomain: "zenith" });
  });
  after(() => t.close());

  it("answers 401 UNAUTHORIZED with a WWW-Authenticate header when no credentials are sent", async () => {
    const res = await t.call(null, "GET", "/users/me", {}, { host: owner.host });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, unauthorized("Not logged in: API authentication or user session required"));
    assert.equal(res.headers["www-authenticate"], 'Basic realm="zulip"');
  });

  it("refuses a non-Basic Authorization header with 400 BAD_REQUEST", async () => {
    const res = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: "Bearer abc" } });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { result: "error", msg: "This endpoint requires HTTP basic authentication.", code: "BAD_REQUEST" });
  });

  it("refuses a Basic header that does not decode to email:key", async () => {
    for (const header of ["Basic !!!", `Basic ${Buffer.from("no-colon").toString("base64")}`, `Basic ${Buffer.from("a:b:c").toString("base64")}`]) {
      const res = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: header } });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body, unauthorized("Invalid authorization header for basic auth"));
      assert.equal(res.headers["www-authenticate"], 'Basic realm="zulip"');
    }
  });

  it("refuses a key that is not 32 letters and digits as malformed", async () => {
    const res = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: basic(owner.email, "short") } });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, unauthorized("Malformed API key"));
  });

  it("refuses an unknown key, and a valid key sent with another user's email", async () => {
    const unknown = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: basic(owner.email, "a".repeat(32)) } });
    assert.deepEqual([unknown.status, unknown.body], [401, unauthorized("Invalid API key")]);
    const member = await t.user(owner);
    const swapped = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: basic(member.email, owner.apiKey) } });
    assert.deepEqual([swapped.status, swapped.body], [401, unauthorized("Invalid API key")]);
  });

  it("matches the email case-insensitively and strips whitespace around the key", async () => {
    const res = await t.call(owner, "GET", "/users/me", {}, { headers: { authorization: basic(owner.email.toUpperCase(), ` ${owner.apiKey} `) } });
    assert.equal(res.status, 200);
    assert.equal(res.body.user_id, owner.id);
  });

  it("refuses a deactivated user", async () => {
    const member = await t.user(owner);
    await t.deps.db.updateTable("users").set({ is_active: 0 }).where("id", "=", member.id).execute();
    const res = await t.call(member, "GET", "/users/me");
    assert.deepEqual([res.status, res.body], [401, unauthorized("Account is deactivated")]);
  });

  it("refuses every user of a deactivated organization", async () => {
    const gone = await t.realm({ subdomain: "gone" });
    await t.deps.db.updateTable("realms").set({ deactivated: 1 }).where("id", "=", gone.realmId).execute();
    const res = await t.call(gone, "GET", "/users/me");
    assert.deepEqual([res.status, res.body], [401, unauthorized("This organization has been deactivated")]);
  });

  it("refuses a user on another realm's subdomain and on an unknown subdomain", async () => {
    const wrong = await t.call(owner, "GET", "/users/me", {}, { host: other.host });
    assert.deepEqual([wrong.status, wrong.body], [401, unauthorized("Account is not associated with this subdomain")]);
    const unknown = await t.call(owner, "GET", "/users/me", {}, { host: "nowhere.localhost" });
    assert.deepEqual([unknown.status, unknown.body], [401, unauthorized("Account is not associated with this subdomain")]);
  });

  it("acts in the user's own realm on a host that names no realm", async () => {
    for (const host of ["127.0.0.1:9991", "localhost", "chat.example.org"]) {
      const res = await t.call(other, "GET", "/users/me", {}, { host });
      assert.equal(res.status, 200, host);
      assert.equal(res.body.user_id, other.id);
    }
  });

  it("keeps incoming webhook bots out of the regular API", async () => {
    const bot = await t.user(owner, { email: "hook-bot@acme.example.com", botType: BOT_INCOMING_WEBHOOK });
    const res = await t.call(bot, "GET", "/users/me");
    assert.deepEqual([res.status, res.body], [401, unauthorized("This API is not available to incoming webhook bots.")]);
  });
});
