import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { ROLE_GUEST } from "../../src/lib/roles.js";

describe("POST /users/me/subscriptions", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  it("creates missing channels and subscribes the caller, keyed by user id", async () => {
    const res = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general", description: "Everything" }, { name: "random" }] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.subscribed, { [member.id]: ["general", "random"] });
    assert.deepEqual(res.body.already_subscribed, {});
    assert.equal("unauthorized" in res.body, false);
  });

  it("renders the description of a channel it creates as Markdown", async () => {
    await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "marked", description: "Only *important* things" }] });
    const channel = (await t.call(member, "GET", "/streams")).body.streams.find((s: any) => s.name === "marked");
    assert.equal(channel.rendered_description, "<p>Only <em>important</em> things</p>");
  });

  it("reports channels the caller already belongs to, under their stored name", async () => {
    const res = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "GENERAL" }] });
    assert.deepEqual(res.body.subscribed, {});
    assert.deepEqual(res.body.already_subscribed, { [member.id]: ["general"] });
  });

  it("subscribes other users named by email or id", async () => {
    const friend = await t.user(owner, { email: "friend@example.com" });
    const byEmail = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }], principals: ["friend@example.com"] });
    assert.deepEqual(byEmail.body.subscribed, { [friend.id]: ["general"] });
    const byId = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "random" }], principals: [friend.id, owner.id] });
    assert.deepEqual(byId.body.subscribed, { [friend.id]: ["random"], [owner.id]: ["random"] });
    assert.deepEqual((await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }], principals: ["ghost@example.com"] })).body, badRequest("No such user"));
  });

  it("refuses private channels the caller cannot join, or lists them when errors are not fatal", async () => {
    await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "board" }], invite_only: true });
    const fatal = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "board" }] });
    assert.deepEqual(fatal.body, badRequest("Unable to access channel (board)."));
    const lenient = await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "board" }, { name: "general" }], authorization_errors_fatal: false });
    assert.equal(lenient.status, 200);
    assert.deepEqual(lenient.body.unauthorized, ["board"]);
    assert.deepEqual(lenient.body.already_subscribed, { [member.id]: ["general"] });
  });

  it("lets a private channel's members add others", async () => {
    const res = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "board" }], principals: [member.id] });
    assert.deepEqual(res.body.subscribed, { [member.id]: ["board"] });
  });

  it("keeps guests out of channels they were not added to: they may not subscribe, nor create one", async () => {
    const guest = await t.user(owner, { role: ROLE_GUEST });
    assert.deepEqual((await t.call(guest, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }] })).body, badRequest("Not allowed for guest users"));
    assert.deepEqual((await t.call(guest, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "guests-own" }] })).body, badRequest("Not allowed for guest users"));
    const added = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }], principals: [guest.id] });
    assert.deepEqual(added.body.subscribed, { [guest.id]: ["general"] });
  });

  it("validates the subscriptions list", async () => {
    assert.deepEqual((await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: "general" })).body, badRequest("subscriptions is not valid JSON"));
    assert.deepEqual((await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: ["general"] })).body, badRequest("subscriptions[0] is not a dict"));
    assert.deepEqual((await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "" }] })).body, badRequest("Channel name can't be empty."));
    assert.deepEqual((await t.call(member, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "x" }], invite_only: "yes" })).body, badRequest("invite_only is not valid JSON"));
  });
});
