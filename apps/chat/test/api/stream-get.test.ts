import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /streams/{id}, GET /get_stream_id, GET /streams/{id}/members, GET /users/{id}/subscriptions/{stream_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let general: number;
  let secret: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    general = (await t.call(owner, "POST", "/channels/create", { name: "General", subscribers: [owner.id, member.id] })).body.id;
    secret = (await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true })).body.id;
  });
  after(() => t.close());

  it("returns one channel by id, and Invalid channel ID for unknown or hidden ones", async () => {
    const res = await t.call(member, "GET", `/streams/${general}`);
    assert.equal(res.body.stream.name, "General");
    assert.deepEqual((await t.call(member, "GET", "/streams/99999")).body, badRequest("Invalid channel ID"));
    assert.deepEqual((await t.call(member, "GET", `/streams/${secret}`)).body, badRequest("Invalid channel ID"));
  });

  it("finds a channel id by name, case-insensitively", async () => {
    assert.equal((await t.call(member, "GET", "/get_stream_id", { stream: "general" })).body.stream_id, general);
    assert.deepEqual((await t.call(member, "GET", "/get_stream_id", { stream: "nonexistent" })).body, badRequest("Invalid channel name 'nonexistent'"));
    assert.deepEqual((await t.call(member, "GET", "/get_stream_id", { stream: "secret" })).body, badRequest("Invalid channel name 'secret'"));
  });

  it("lists a channel's subscribers", async () => {
    assert.deepEqual((await t.call(member, "GET", `/streams/${general}/members`)).body.subscribers, [owner.id, member.id]);
    assert.deepEqual((await t.call(member, "GET", `/streams/${secret}/members`)).body, badRequest("Invalid channel ID"));
  });

  it("tells whether a user is subscribed", async () => {
    assert.equal((await t.call(owner, "GET", `/users/${member.id}/subscriptions/${general}`)).body.is_subscribed, true);
    assert.equal((await t.call(owner, "GET", `/users/${member.id}/subscriptions/${secret}`)).body.is_subscribed, false);
  });
});
