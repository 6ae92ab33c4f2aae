import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel } from "./messages-support.js";

describe("GET /users/{user_id}/channels", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let open: number;
  let secret: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    alice = await t.user(owner);
    bob = await t.user(owner);
    open = await createChannel(t, owner, "open", [alice, bob]);
    secret = await createChannel(t, owner, "secret", [alice], { invite_only: true });
    await createChannel(t, owner, "other", [bob]);
  });
  after(() => t.close());

  const channels = async (who: Account, id: number) => (await t.call(who, "GET", `/users/${id}/channels`)).body;

  it("lists the target's channels whose metadata the caller may see", async () => {
    assert.deepEqual(await channels(owner, alice.id), { result: "success", msg: "", subscribed_channel_ids: [open, secret] });
    assert.deepEqual((await channels(bob, alice.id)).subscribed_channel_ids, [open]);
    assert.deepEqual((await channels(alice, alice.id)).subscribed_channel_ids, [open, secret]);
  });

  it("accepts bots and refuses unknown users", async () => {
    const bot = await t.user(owner, { botType: 1 });
    assert.deepEqual((await channels(owner, bot.id)).subscribed_channel_ids, []);
    assert.deepEqual(await channels(owner, 9999), badRequest("No such user"));
  });
});
