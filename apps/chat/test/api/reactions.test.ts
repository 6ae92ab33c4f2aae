import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, type Account, type ChatTest } from "../helpers.js";
import { nextEvents, registerQueue } from "../events/support.js";
import { createChannel, messagesTest, sendDirect, sendToChannel } from "./messages-support.js";

describe("POST and DELETE /messages/{message_id}/reactions", () => {
  let t: ChatTest;
  let owner: Account;
  let alice: Account;
  let id: number;

  before(async () => {
    t = await messagesTest();
    owner = await t.realm();
    alice = await t.user(owner);
    await createChannel(t, owner, "general", [owner, alice]);
    id = await sendToChannel(t, owner, "general", "t", "react to me");
  });
  after(() => t.close());

  const reactions = async () => (await t.call(owner, "GET", `/messages/${id}`)).body.message.reactions;

  it("adds a unicode emoji by name, filling in its code", async () => {
    const res = await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "thumbs_up" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(await reactions(), [{ emoji_name: "thumbs_up", emoji_code: "1f44d", reaction_type: "unicode_emoji", user_id: alice.id }]);
  });

  it("refuses the same reaction twice", async () => {
    assert.deepEqual((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "thumbs_up" })).body, {
      result: "error",
      msg: "Reaction already exists.",
      code: "REACTION_ALREADY_EXISTS",
    });
  });

  it("counts another name for the same code as a vote, keeping the first name", async () => {
    await t.call(owner, "POST", `/messages/${id}/reactions`, { emoji_name: "+1", emoji_code: "1f44d", reaction_type: "unicode_emoji" });
    assert.deepEqual((await reactions()).map((r: any) => [r.emoji_name, r.user_id]), [["thumbs_up", alice.id], ["thumbs_up", owner.id]]);
  });

  it("adds the zulip extra emoji and validates names and codes", async () => {
    assert.equal((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "zulip" })).status, 200);
    assert.deepEqual((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "no_such_emoji_name" })).body, badRequest("Emoji 'no_such_emoji_name' does not exist"));
    assert.deepEqual((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "smile", emoji_code: "zzzz", reaction_type: "unicode_emoji" })).body, badRequest("Invalid emoji code."));
    assert.deepEqual((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "smile", emoji_code: "1f44e", reaction_type: "unicode_emoji" })).body, badRequest("Invalid emoji name."));
    assert.deepEqual((await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "party", emoji_code: "1", reaction_type: "realm_emoji" })).body, badRequest("Invalid custom emoji."));
  });

  it("removes by name or code and reports a missing reaction", async () => {
    assert.equal((await t.call(alice, "DELETE", `/messages/${id}/reactions`, { emoji_name: "thumbs_up" })).status, 200);
    assert.equal((await t.call(alice, "DELETE", `/messages/${id}/reactions`, { emoji_code: "zulip", reaction_type: "zulip_extra_emoji" })).status, 200);
    assert.deepEqual((await t.call(alice, "DELETE", `/messages/${id}/reactions`, { emoji_name: "thumbs_up" })).body, {
      result: "error",
      msg: "Reaction doesn't exist.",
      code: "REACTION_DOES_NOT_EXIST",
    });
    assert.deepEqual((await t.call(alice, "DELETE", `/messages/${id}/reactions`, {})).body, badRequest("At least one of the following arguments must be present: emoji_name, emoji_code"));
  });

  it("shows up in has:reaction and refuses messages the user cannot see", async () => {
    const res = await t.call(owner, "GET", "/messages", { anchor: "newest", num_before: 10, num_after: 0, narrow: [{ operator: "has", operand: "reaction" }] });
    assert.deepEqual(res.body.messages.map((m: any) => m.id), [id]);
    const stranger = await t.user(owner);
    const secret = await sendDirect(t, owner, [alice], "private");
    assert.deepEqual((await t.call(stranger, "POST", `/messages/${secret}/reactions`, { emoji_name: "smile" })).body, badRequest("Invalid message(s)"));
  });

  it("tells the message's queues who reacted, with the deprecated user object zulip-terminal reads", async () => {
    const queue = await registerQueue(t, owner, { event_types: ["reaction"] });
    const fullName = (await t.call(alice, "GET", "/users/me")).body.full_name;
    await t.call(alice, "POST", `/messages/${id}/reactions`, { emoji_name: "heart" });
    await t.call(alice, "DELETE", `/messages/${id}/reactions`, { emoji_name: "heart" });
    const events = await nextEvents(t, owner, queue);
    const reaction = { user_id: alice.id, user: { user_id: alice.id, email: alice.email, full_name: fullName }, message_id: id, emoji_name: "heart", emoji_code: "2764", reaction_type: "unicode_emoji" };
    assert.deepEqual(events.map(({ id: _id, ...event }) => event), [
      { type: "reaction", op: "add", ...reaction },
      { type: "reaction", op: "remove", ...reaction },
    ]);
  });
});
