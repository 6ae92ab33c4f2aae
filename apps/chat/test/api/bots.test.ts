import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, basic, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /bots, GET /bots, DELETE /bots/{bot_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm({ subdomain: "acme" });
    member = await t.user(owner);
  });
  after(() => t.close());

  it("creates a generic bot whose key works", async () => {
    const res = await t.call(member, "POST", "/bots", { full_name: "Helper", short_name: "helper" });
    assert.equal(res.status, 200);
    assert.match(res.body.api_key, /^[a-z0-9]{32}$/);
    assert.equal(res.body.default_all_public_streams, false);
    const me = await t.call(null, "GET", "/users/me", {}, { host: owner.host, headers: { authorization: basic("helper-bot@acme.localhost", res.body.api_key) } });
    assert.equal(me.status, 200);
    assert.equal(me.body.is_bot, true);
    const user = (await t.call(owner, "GET", `/users/${res.body.user_id}`)).body.user;
    assert.deepEqual([user.bot_type, user.bot_owner_id, user.email], [1, member.id, "helper-bot@acme.localhost"]);
  });

  it("creates incoming webhook bots and refuses other bot types", async () => {
    const hook = await t.call(member, "POST", "/bots", { full_name: "Hook", short_name: "hook", bot_type: 2 });
    assert.equal(hook.status, 200);
    assert.deepEqual((await t.call(member, "POST", "/bots", { full_name: "X", short_name: "x", bot_type: 4 })).body, badRequest("Invalid bot type"));
  });

  it("refuses a taken or bad short name", async () => {
    assert.deepEqual((await t.call(member, "POST", "/bots", { full_name: "Again", short_name: "helper" })).body, badRequest("Username already in use"));
    assert.deepEqual((await t.call(member, "POST", "/bots", { full_name: "Bad", short_name: "a b" })).body, badRequest("Bad name or username"));
  });

  it("lists the caller's own bots", async () => {
    const res = await t.call(member, "GET", "/bots");
    assert.deepEqual(res.body.bots.map((b: any) => b.username).sort(), ["helper-bot@acme.localhost", "hook-bot@acme.localhost"]);
    assert.equal(res.body.bots[0].owner, member.email);
    assert.deepEqual((await t.call(owner, "GET", "/bots")).body.bots, []);
  });

  it("deactivates a bot, and answers No such bot afterwards", async () => {
    const bot = (await t.call(member, "GET", "/bots")).body.bots[0];
    assert.equal((await t.call(member, "DELETE", `/bots/${bot.user_id}`)).status, 200);
    assert.deepEqual((await t.call(member, "DELETE", `/bots/${bot.user_id}`)).body, badRequest("No such bot"));
  });
});
