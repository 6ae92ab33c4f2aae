import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel, sendToChannel } from "./messages-support.js";

describe("GET /messages/{message_id}/read_receipts", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let bot: Account;
  let outsider: Account;
  let messageId: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    alice = await t.user(owner);
    bob = await t.user(owner);
    carol = await t.user(owner);
    bot = await t.user(owner, { botType: 1 });
    outsider = await t.user(owner);
    await createChannel(t, owner, "secret", [owner, alice, bob, carol, bot], { invite_only: true });
    messageId = await sendToChannel(t, alice, "secret", "t", "hello");
  });
  after(() => t.close());

  const read = (who: Account) => t.call(who, "POST", "/messages/flags", { messages: [messageId], op: "add", flag: "read" });
  const receipts = async (who: Account) => (await t.call(who, "GET", `/messages/${messageId}/read_receipts`)).body;

  it("lists the users who read the message, never its sender", async () => {
    assert.deepEqual(await receipts(owner), { result: "success", msg: "", user_ids: [] });
    for (const who of [owner, bob, bot]) await read(who);
    assert.deepEqual((await receipts(carol)).user_ids, [owner.id, bob.id, bot.id].sort((a, b) => a - b));
    assert.deepEqual((await receipts(alice)).user_ids, [owner.id, bob.id, bot.id].sort((a, b) => a - b));
  });

  it("leaves out users who turned send_read_receipts off, and deactivated users", async () => {
    await t.call(bob, "PATCH", "/settings", { send_read_receipts: false });
    assert.deepEqual((await receipts(carol)).user_ids, [owner.id, bot.id].sort((a, b) => a - b));
    await t.call(bob, "PATCH", "/settings", { send_read_receipts: true });
    assert.equal((await t.call(owner, "DELETE", `/bots/${bot.id}`)).status, 200);
    assert.deepEqual((await receipts(carol)).user_ids, [owner.id, bob.id].sort((a, b) => a - b));
  });

  it("hides users muted by the viewer and users who muted the viewer", async () => {
    await t.call(carol, "POST", `/users/me/muted_users/${bob.id}`);
    await t.call(owner, "POST", `/users/me/muted_users/${carol.id}`);
    assert.deepEqual((await receipts(carol)).user_ids, []);
    assert.deepEqual((await receipts(alice)).user_ids, [owner.id, bob.id].sort((a, b) => a - b));
  });

  it("answers Invalid message(s) for messages the caller cannot access", async () => {
    assert.deepEqual((await receipts(outsider)), badRequest("Invalid message(s)"));
    assert.deepEqual((await t.call(owner, "GET", "/messages/9999/read_receipts")).body, badRequest("Invalid message(s)"));
  });

  it("refuses when the organization disabled read receipts", async () => {
    assert.equal((await t.call(owner, "PATCH", "/realm", { enable_read_receipts: false })).status, 200);
    assert.deepEqual(await receipts(alice), badRequest("Read receipts are disabled in this organization."));
  });
});
