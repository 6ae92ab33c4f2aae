import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { doPutBotStorage } from "../../src/actions/bot-storage.js";

describe("GET/PUT/DELETE /bot_storage", () => {
  let t: ChatTest;
  let owner: Account;
  let bot: Account;
  let otherBot: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    bot = await t.user(owner, { botType: 1 });
    otherBot = await t.user(owner, { botType: 1 });
  });
  after(() => t.close());

  const storage = async (who: Account, params: Record<string, unknown> = {}) => (await t.call(who, "GET", "/bot_storage", params)).body;

  it("is for bots only", async () => {
    const refused = { result: "error", msg: "Must be a bot user", code: "PERMISSION_DENIED" };
    assert.deepEqual((await t.call(owner, "PUT", "/bot_storage", { storage: {} })).body, refused);
    assert.deepEqual(await storage(owner), refused);
    assert.deepEqual((await t.call(owner, "DELETE", "/bot_storage")).body, refused);
  });

  it("stores, updates and reads entries, all or by key", async () => {
    const initial = { "key 1": "value 1", "key 2": "value 2", "key 3": "value 3" };
    assert.deepEqual((await t.call(bot, "PUT", "/bot_storage", { storage: initial })).body, { result: "success", msg: "" });
    assert.deepEqual(await storage(bot), { result: "success", msg: "", storage: initial });
    assert.deepEqual((await storage(bot, { keys: ["key 3", "key 1"] })).storage, { "key 3": "value 3", "key 1": "value 1" });
    await t.call(bot, "PUT", "/bot_storage", { storage: { "key 1": "new value", "key 4": "value 4" } });
    assert.deepEqual((await storage(bot)).storage, { "key 1": "new value", "key 2": "value 2", "key 3": "value 3", "key 4": "value 4" });
    assert.deepEqual((await storage(otherBot)).storage, {});
  });

  it("refuses unknown keys and malformed parameters", async () => {
    assert.deepEqual(await storage(bot, { keys: ["key 1", "nonexistent key"] }), badRequest("Key does not exist."));
    assert.deepEqual(await storage(bot, { keys: "not json" }), badRequest("keys is not valid JSON"));
    assert.deepEqual((await t.call(bot, "PUT", "/bot_storage", { storage: { foo: [1, 2, 3] } })).body, badRequest('storage["foo"] is not a string'));
    assert.deepEqual((await t.call(bot, "PUT", "/bot_storage", { storage: ["a"] })).body, badRequest("storage is not a dict"));
    assert.equal((await t.call(bot, "PUT", "/bot_storage", {})).body.code, "REQUEST_VARIABLE_MISSING");
  });

  it("removes some keys, none when one is missing, or everything", async () => {
    assert.equal((await t.call(bot, "DELETE", "/bot_storage", { keys: ["key 1", "key 2"] })).status, 200);
    assert.deepEqual((await storage(bot)).storage, { "key 3": "value 3", "key 4": "value 4" });
    assert.deepEqual((await t.call(bot, "DELETE", "/bot_storage", { keys: ["key 3", "nonexistent key"] })).body, badRequest("Key does not exist."));
    assert.deepEqual((await storage(bot)).storage, { "key 3": "value 3", "key 4": "value 4" });
    assert.equal((await t.call(bot, "DELETE", "/bot_storage")).status, 200);
    assert.deepEqual((await storage(bot)).storage, {});
  });

  it("counts keys and values against the limit, replaced entries excepted", async () => {
    const key = "capacity-filling entry";
    await doPutBotStorage(t.deps, otherBot.id, [[key, "x".repeat(100 - key.length)]], 100);
    await assert.rejects(doPutBotStorage(t.deps, otherBot.id, [["too much data", "a few bits too long"]], 100), {
      message: "Request exceeds storage limit by 32 characters. The limit is 100 characters.",
    });
    await doPutBotStorage(t.deps, otherBot.id, [[key, "short"]], 100);
    await doPutBotStorage(t.deps, otherBot.id, [["normal entry", "abcd"]], 100);
    const res = await t.call(bot, "PUT", "/bot_storage", { storage: { big: "x".repeat(10_000_000) } });
    assert.deepEqual(res.body, badRequest("Request exceeds storage limit by 3 characters. The limit is 10000000 characters."));
  });
});
