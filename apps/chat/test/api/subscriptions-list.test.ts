import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { chatTest, type Account, type ChatTest } from "../helpers.js";

describe("GET /users/me/subscriptions", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }, { name: "random" }], principals: [member.id, owner.id] });
    await t.call(member, "DELETE", "/users/me/subscriptions", { subscriptions: ["random"] });
  });
  after(() => t.close());

  it("lists only active subscriptions with their personal settings", async () => {
    const res = await t.call(member, "GET", "/users/me/subscriptions");
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.subscriptions.map((s: any) => s.name), ["general"]);
    const sub = res.body.subscriptions[0];
    assert.match(sub.color, /^#[0-9a-f]{6}$/);
    assert.equal(sub.is_muted, false);
    assert.equal(sub.in_home_view, true);
    assert.equal(sub.pin_to_top, false);
    assert.equal(sub.desktop_notifications, null);
    assert.equal(sub.subscriber_count, 2);
    assert.equal("subscribers" in sub, false);
  });

  it("includes subscribers on request", async () => {
    const res = await t.call(member, "GET", "/users/me/subscriptions", { include_subscribers: true });
    assert.deepEqual(res.body.subscriptions[0].subscribers, [owner.id, member.id]);
    const bad = await t.call(member, "GET", "/users/me/subscriptions", { include_subscribers: "maybe" });
    assert.equal(bad.body.msg, "Invalid include_subscribers");
  });

  it("gives each of a user's subscriptions its own colour", async () => {
    const res = await t.call(owner, "GET", "/users/me/subscriptions");
    const colors = res.body.subscriptions.map((s: any) => s.color);
    assert.equal(new Set(colors).size, colors.length);
  });
});
