import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("DELETE /users/me/subscriptions", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }, { name: "random" }], principals: [member.id] });
  });
  after(() => t.close());

  it("unsubscribes the caller and reports what was not subscribed", async () => {
    const res = await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"] });
    assert.deepEqual([res.status, res.body.removed, res.body.not_removed], [200, ["general"], []]);
    const again = await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"] });
    assert.deepEqual([again.body.removed, again.body.not_removed], [[], ["general"]]);
  });

  it("accepts parameters in the query string, as zulip-js sends them", async () => {
    const res = await t.call(member, "DELETE", "/users/me/subscriptions", {}, { query: { subscriptions: ["random"] } });
    assert.deepEqual(res.body.removed, ["random"]);
  });

  it("answers STREAM_DOES_NOT_EXIST for an unknown channel", async () => {
    const res = await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["nowhere"] });
    assert.deepEqual(res.body, { result: "error", msg: "Channel 'nowhere' does not exist", code: "STREAM_DOES_NOT_EXIST", stream: "nowhere" });
  });

  it("lets administrators remove others, but not members", async () => {
    await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }] });
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"], principals: [owner.id] })).body, badRequest("Insufficient permission"));
    const res = await t.call(owner, "DELETE", "/users/me/subscriptions", { subscriptions: ["general"], principals: [member.email] });
    assert.deepEqual(res.body.removed, ["general"]);
  });
});
