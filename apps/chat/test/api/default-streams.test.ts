import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /default_streams and DELETE /default_streams", () => {
  let t: ChatTest;
  let owner: Account;
  let general: number;
  let secret: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    general = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id] })).body.id;
    secret = (await t.call(owner, "POST", "/channels/create", { name: "secret", subscribers: [owner.id], invite_only: true })).body.id;
  });
  after(() => t.close());

  it("subscribes new users to default channels", async () => {
    assert.equal((await t.call(owner, "POST", "/default_streams", { stream_id: general })).status, 200);
    const newcomer = await t.user(owner);
    const subs = (await t.call(newcomer, "GET", "/users/me/subscriptions")).body.subscriptions;
    assert.deepEqual(subs.map((s: any) => s.name), ["general"]);
  });

  it("refuses private channels and non-administrators", async () => {
    assert.deepEqual((await t.call(owner, "POST", "/default_streams", { stream_id: secret })).body, badRequest("Private channels cannot be made default."));
    const member = await t.user(owner);
    const res = await t.call(member, "POST", "/default_streams", { stream_id: general });
    assert.deepEqual(res.body, { result: "error", msg: "Must be an organization administrator", code: "UNAUTHORIZED_PRINCIPAL" });
  });

  it("removes a default channel", async () => {
    assert.equal((await t.call(owner, "DELETE", "/default_streams", { stream_id: general })).status, 200);
    const newcomer = await t.user(owner);
    assert.deepEqual((await t.call(newcomer, "GET", "/users/me/subscriptions")).body.subscriptions, []);
  });
});
