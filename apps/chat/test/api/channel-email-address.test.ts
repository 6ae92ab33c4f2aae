import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT, ROLE_GUEST } from "../../src/lib/roles.js";

describe("GET /streams/{stream_id}/email_address", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let guest: Account;
  let publicId: number;
  let privateId: number;

  before(async () => {
    t = await chatTest({ config: { emailGatewayPattern: "%s@streams.example.com" } });
    owner = await t.realm();
    member = await t.user(owner);
    guest = await t.user(owner, { role: ROLE_GUEST });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "Design Review!" }] });
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "hidden" }], invite_only: true });
    const streams = (await t.call(owner, "GET", "/streams")).body.streams as { name: string; stream_id: number }[];
    publicId = streams.find((s) => s.name === "Design Review!")!.stream_id;
    privateId = streams.find((s) => s.name === "hidden")!.stream_id;
  });
  after(() => t.close());

  it("answers the channel's address in Zulip's format, the same token every time for the same sender", async () => {
    const res = await t.call(member, "GET", `/streams/${publicId}/email_address`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.email, /^design-review\.[0-9a-f]{32}\.show-sender@streams\.example\.com$/);
    assert.equal((await t.call(member, "GET", `/streams/${publicId}/email_address`)).body.email, res.body.email);
    const other = await t.call(owner, "GET", `/streams/${publicId}/email_address`);
    assert.notEqual(other.body.email, res.body.email, "each user gets a token of their own");
    const self = await t.call(member, "GET", `/streams/${publicId}/email_address`, { sender_id: member.id });
    assert.notEqual(self.body.email, res.body.email, "a different sender has a different token");
  });

  it("accepts a bot the user owns as sender, and refuses other users and unknown ids", async () => {
    const bot = await t.user(member, { botType: BOT_DEFAULT });
    const ok = await t.call(member, "GET", `/streams/${publicId}/email_address`, { sender_id: bot.id });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal((await t.call(member, "GET", `/streams/${publicId}/email_address`, { sender_id: owner.id })).body.msg, "No such bot");
    assert.equal((await t.call(guest, "GET", `/streams/${publicId}/email_address`, { sender_id: 99999 })).body.msg, "Invalid channel ID");
    assert.equal((await t.call(member, "GET", `/streams/${publicId}/email_address`, { sender_id: 99999 })).body.msg, "No such bot");
    const otherBot = await t.user(owner, { botType: BOT_DEFAULT });
    assert.equal((await t.call(member, "GET", `/streams/${publicId}/email_address`, { sender_id: otherBot.id })).body.msg, "Insufficient permission");
  });

  it("refuses channels the user cannot see or post in", async () => {
    assert.deepEqual((await t.call(member, "GET", `/streams/${privateId}/email_address`)).body, { result: "error", msg: "Invalid channel ID", code: "BAD_REQUEST" });
    assert.equal((await t.call(member, "GET", "/streams/99999/email_address")).body.msg, "Invalid channel ID");
    const restrict = await t.call(owner, "PATCH", `/streams/${publicId}`, { can_send_message_group: JSON.stringify({ new: (await adminsGroup()), old: undefined }) });
    assert.equal(restrict.status, 200, JSON.stringify(restrict.body));
    assert.equal((await t.call(member, "GET", `/streams/${publicId}/email_address`)).body.msg, "You do not have permission to post in this channel.");
    assert.equal((await t.call(owner, "GET", `/streams/${publicId}/email_address`)).status, 200);
  });

  async function adminsGroup(): Promise<number> {
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups as { name: string; id: number }[];
    return groups.find((g) => g.name === "role:administrators")!.id;
  }
});
