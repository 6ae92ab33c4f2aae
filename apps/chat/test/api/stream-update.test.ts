import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("PATCH /streams/{stream_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let id: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    id = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id, member.id] })).body.id;
    await t.call(owner, "POST", "/channels/create", { name: "random", subscribers: [] });
  });
  after(() => t.close());

  const channel = async () => (await t.call(owner, "GET", `/streams/${id}`)).body.stream;

  it("renames a channel and changes its description", async () => {
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { new_name: "lobby", description: "Say hi" })).status, 200);
    const after = await channel();
    assert.deepEqual([after.name, after.description, after.rendered_description], ["lobby", "Say hi", "<p>Say hi</p>"]);
  });

  it("renders a new description as Markdown (the stream update event: events/channel-events.test.ts)", async () => {
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { description: "Say **hi** & <wave>" })).status, 200);
    assert.equal((await channel()).rendered_description, "<p>Say <strong>hi</strong> &amp; &lt;wave&gt;</p>");
    await t.call(owner, "PATCH", `/streams/${id}`, { description: "two\nlines" });
    assert.deepEqual([(await channel()).description, (await channel()).rendered_description], ["two lines", "<p>two lines</p>"], "newlines become spaces, as Zulip");
    await t.call(owner, "PATCH", `/streams/${id}`, { description: "Say hi" });
  });

  it("refuses a name another channel holds, and the current name", async () => {
    const clash = await t.call(owner, "PATCH", `/streams/${id}`, { new_name: "Random" });
    assert.deepEqual([clash.status, clash.body.code], [409, "CHANNEL_ALREADY_EXISTS"]);
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { new_name: "lobby" })).body, badRequest("Channel already has that name."));
  });

  it("makes a channel private, keeping history public only when asked", async () => {
    await t.call(owner, "PATCH", `/streams/${id}`, { is_private: true, history_public_to_subscribers: true });
    const after = await channel();
    assert.deepEqual([after.invite_only, after.history_public_to_subscribers], [true, true]);
    await t.call(owner, "PATCH", `/streams/${id}`, { is_private: false });
    assert.equal((await channel()).invite_only, false);
  });

  it("refuses a public channel that hides its history, and a public moderation-request channel", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { history_public_to_subscribers: false })).body, badRequest("Invalid parameters"));
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { is_private: false, history_public_to_subscribers: false })).body, badRequest("Invalid parameters"));
    await t.call(owner, "PATCH", `/streams/${id}`, { is_private: true });
    assert.equal((await channel()).history_public_to_subscribers, false, "going private alone protects history, as Zulip");
    assert.equal((await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: id })).status, 200);
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { is_private: false })).body, badRequest("Moderation request channel must be private."));
    assert.equal((await channel()).invite_only, true);
    await t.call(owner, "PATCH", "/realm", { moderation_request_channel_id: -1 });
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { is_private: false })).status, 200);
    assert.deepEqual([(await channel()).invite_only, (await channel()).history_public_to_subscribers], [false, true]);
  });

  it("changes a permission setting, checking the old value when given", async () => {
    const groups = (await t.call(owner, "GET", "/user_groups")).body.user_groups;
    const members = groups.find((g: any) => g.name === "role:members").id;
    const stale = await t.call(owner, "PATCH", `/streams/${id}`, { can_send_message_group: { new: members, old: members } });
    assert.deepEqual(stale.body, { result: "error", msg: "'old' value does not match the expected value.", code: "EXPECTATION_MISMATCH", field_name: "old" });
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { can_send_message_group: { new: { direct_members: [member.id], direct_subgroups: [members] } } })).status, 200);
    assert.deepEqual((await channel()).can_send_message_group, { direct_members: [member.id], direct_subgroups: [members] });
  });

  it("lets only channel administrators change it", async () => {
    const res = await t.call(member, "PATCH", `/streams/${id}`, { description: "mine" });
    assert.deepEqual(res.body, { result: "error", msg: "You do not have permission to administer this channel.", code: "CANNOT_ADMINISTER_CHANNEL" });
  });

  it("leaves retention to owners and validates its value", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { message_retention_days: "soon" })).body.msg, "Bad value for 'message_retention_days': soon");
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { message_retention_days: "unlimited" })).status, 200);
    assert.equal((await channel()).message_retention_days, -1);
  });
});
