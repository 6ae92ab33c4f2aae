import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_ADMINISTRATOR } from "../../src/lib/roles.js";

describe("GET /bots/{bot_id}/api_key and POST /bots/{bot_id}/api_key/regenerate", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let admin: Account;
  let bot: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    admin = await t.user(owner, { role: ROLE_ADMINISTRATOR });
    bot = await t.user(member, { botType: 1 });
  });
  after(() => t.close());

  const works = async (key: string) => (await t.call({ ...bot, apiKey: key }, "GET", "/users/me")).status === 200;

  it("gives the bot's owner a working key; earlier keys keep working", async () => {
    const res = await t.call(member, "GET", `/bots/${bot.id}/api_key`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.api_key, /^[a-z0-9]{32}$/);
    assert.ok(await works(res.body.api_key));
    assert.ok(await works(bot.apiKey));
  });

  it("lets administrators in too, and nobody else", async () => {
    assert.equal((await t.call(admin, "GET", `/bots/${bot.id}/api_key`)).status, 200);
    const other = await t.user(owner);
    assert.deepEqual((await t.call(other, "GET", `/bots/${bot.id}/api_key`)).body, badRequest("Insufficient permission"));
    assert.deepEqual((await t.call(other, "POST", `/bots/${bot.id}/api_key/regenerate`)).body, badRequest("Insufficient permission"));
  });

  it("answers No such bot for humans and unknown ids", async () => {
    for (const id of [member.id, 9999]) {
      assert.deepEqual((await t.call(admin, "GET", `/bots/${id}/api_key`)).body, badRequest("No such bot"));
      assert.deepEqual((await t.call(admin, "POST", `/bots/${id}/api_key/regenerate`)).body, badRequest("No such bot"));
    }
  });

  it("regenerates: one new key, every earlier one revoked", async () => {
    const before = (await t.call(member, "GET", `/bots/${bot.id}/api_key`)).body.api_key;
    const res = await t.call(member, "POST", `/bots/${bot.id}/api_key/regenerate`);
    assert.equal(res.status, 200);
    assert.ok(await works(res.body.api_key));
    assert.ok(!(await works(before)));
    assert.ok(!(await works(bot.apiKey)));
  });
});
