import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("DELETE /streams/{stream_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let id: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    id = (await t.call(owner, "POST", "/channels/create", { name: "old", subscribers: [owner.id, member.id], is_default_stream: true })).body.id;
  });
  after(() => t.close());

  it("refuses members who do not administer the channel", async () => {
    assert.equal((await t.call(member, "DELETE", `/streams/${id}`)).body.code, "CANNOT_ADMINISTER_CHANNEL");
  });

  it("archives the channel, which leaves the default channels", async () => {
    assert.equal((await t.call(owner, "DELETE", `/streams/${id}`)).status, 200);
    const channel = (await t.call(owner, "GET", `/streams/${id}`)).body.stream;
    assert.equal(channel.is_archived, true);
    const listed = (await t.call(owner, "GET", "/streams", { include_default: true, exclude_archived: false })).body.streams;
    assert.equal(listed.find((s: any) => s.stream_id === id).is_default, false);
  });

  it("unarchives through PATCH is_archived=false", async () => {
    assert.deepEqual((await t.call(owner, "PATCH", `/streams/${id}`, { is_archived: true })).body, badRequest("Invalid parameters"));
    assert.equal((await t.call(owner, "PATCH", `/streams/${id}`, { is_archived: false })).status, 200);
    assert.equal((await t.call(owner, "GET", `/streams/${id}`)).body.stream.is_archived, false);
  });
});
