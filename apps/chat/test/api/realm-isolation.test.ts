import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("realm isolation", () => {
  let t: ChatTest;
  let alpha: Account;
  let beta: Account;
  let betaMember: Account;
  let betaChannel: number;
  let betaGroup: number;

  before(async () => {
    t = await chatTest();
    alpha = await t.realm({ subdomain: "alpha" });
    beta = await t.realm({ subdomain: "beta" });
    betaMember = await t.user(beta, { email: "bea@beta.example.com" });
    betaChannel = (await t.call(beta, "POST", "/channels/create", { name: "beta-secrets", subscribers: [beta.id] })).body.id;
    betaGroup = (await t.call(beta, "POST", "/user_groups/create", { name: "beta-team", description: "", members: [beta.id] })).body.group_id;
  });
  after(() => t.close());

  it("a user cannot see another realm's users", async () => {
    const ids = (await t.call(alpha, "GET", "/users")).body.members.map((u: any) => u.user_id);
    assert.deepEqual(ids, [alpha.id]);
    assert.deepEqual((await t.call(alpha, "GET", `/users/${betaMember.id}`)).body, badRequest("No such user"));
    assert.deepEqual((await t.call(alpha, "GET", "/users/bea@beta.example.com")).body, badRequest("No such user"));
    assert.deepEqual((await t.call(alpha, "GET", "/users", { user_ids: [betaMember.id] })).body.members, []);
  });

  it("a user cannot touch another realm's users", async () => {
    assert.deepEqual((await t.call(alpha, "PATCH", `/users/${betaMember.id}`, { full_name: "Hacked" })).body, badRequest("No such user"));
    assert.deepEqual((await t.call(alpha, "DELETE", `/users/${betaMember.id}`)).body, badRequest("No such user"));
    assert.equal((await t.call(beta, "GET", `/users/${betaMember.id}`)).body.user.full_name !== "Hacked", true);
  });

  it("a user cannot see or join another realm's channels", async () => {
    assert.deepEqual((await t.call(alpha, "GET", "/streams")).body.streams, []);
    assert.deepEqual((await t.call(alpha, "GET", `/streams/${betaChannel}`)).body, badRequest("Invalid channel ID"));
    assert.deepEqual((await t.call(alpha, "GET", "/get_stream_id", { stream: "beta-secrets" })).body, badRequest("Invalid channel name 'beta-secrets'"));
    assert.deepEqual((await t.call(alpha, "PATCH", `/streams/${betaChannel}`, { description: "x" })).body, badRequest("Invalid channel ID"));
    assert.deepEqual((await t.call(alpha, "DELETE", `/streams/${betaChannel}`)).body, badRequest("Invalid channel ID"));
    // The same name in alpha is a different, new channel.
    const res = await t.call(alpha, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "beta-secrets" }] });
    assert.deepEqual(res.body.subscribed, { [alpha.id]: ["beta-secrets"] });
    assert.deepEqual((await t.call(beta, "GET", `/streams/${betaChannel}/members`)).body.subscribers, [beta.id]);
  });

  it("a user cannot subscribe another realm's users or use its groups", async () => {
    assert.deepEqual((await t.call(alpha, "POST", "/users/me/subscriptions", { subscriptions: [{ name: "general" }], principals: [betaMember.id] })).body, badRequest("No such user"));
    assert.deepEqual((await t.call(alpha, "POST", "/channels/create", { name: "mixed", subscribers: [betaMember.id] })).body, badRequest(`Invalid user ID: ${betaMember.id}`));
    assert.deepEqual((await t.call(alpha, "PATCH", `/user_groups/${betaGroup}`, { name: "mine" })).body, badRequest("Invalid user group"));
    assert.deepEqual((await t.call(alpha, "POST", "/channels/create", { name: "grp", subscribers: [], can_send_message_group: betaGroup })).body, badRequest("Invalid user group"));
    const names = (await t.call(alpha, "GET", "/user_groups")).body.user_groups.map((g: any) => g.name);
    assert.equal(names.includes("beta-team"), false);
  });

  it("a key from one realm does not work on another realm's host", async () => {
    const res = await t.call(alpha, "GET", "/users/me", {}, { host: beta.host });
    assert.deepEqual([res.status, res.body.msg], [401, "Account is not associated with this subdomain"]);
  });
});
