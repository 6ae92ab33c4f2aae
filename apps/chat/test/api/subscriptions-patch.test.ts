import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { createChannel } from "./messages-support.js";

describe("PATCH /users/me/subscriptions", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
    await createChannel(t, owner, "Verona", [owner, member]);
    await createChannel(t, owner, "testing-help", [owner, member]);
    await createChannel(t, owner, "quiet", [owner]);
  });
  after(() => t.close());

  const mine = async (who: Account) => ((await t.call(who, "GET", "/users/me/subscriptions")).body.subscriptions as any[]).map((s) => s.name).sort();

  it("subscribes and unsubscribes in one call, answering with both halves", async () => {
    const res = await t.call(member, "PATCH", "/users/me/subscriptions", {
      add: [{ name: "Verona" }, { name: "Denmark", color: "#e79ab5", description: "A Scandinavian country" }],
      delete: ["testing-help", "quiet"],
    });
    assert.deepEqual(res.body, {
      result: "success",
      msg: "",
      subscribed: { [member.id]: ["Denmark"] },
      already_subscribed: { [member.id]: ["Verona"] },
      removed: ["testing-help"],
      not_removed: ["quiet"],
    });
    assert.deepEqual(await mine(member), ["Denmark", "Verona"]);
    const denmark = ((await t.call(member, "GET", "/streams")).body.streams as any[]).find((s) => s.name === "Denmark");
    assert.equal(denmark.description, "A Scandinavian country");
  });

  it("accepts either half alone", async () => {
    const removed = await t.call(member, "PATCH", "/users/me/subscriptions", { delete: ["Denmark"] });
    assert.deepEqual(removed.body, { result: "success", msg: "", subscribed: {}, already_subscribed: {}, removed: ["Denmark"], not_removed: [] });
    const added = await t.call(member, "PATCH", "/users/me/subscriptions", { add: [{ name: "Denmark" }] });
    assert.deepEqual([added.body.subscribed, added.body.removed], [{ [member.id]: ["Denmark"] }, []]);
  });

  it("refuses an empty request and bad channels with the POST and DELETE errors", async () => {
    assert.deepEqual((await t.call(member, "PATCH", "/users/me/subscriptions", {})).body, badRequest('Nothing to do. Specify at least one of "add" or "delete".'));
    assert.deepEqual((await t.call(member, "PATCH", "/users/me/subscriptions", { add: [], delete: [] })).body, badRequest('Nothing to do. Specify at least one of "add" or "delete".'));
    const unknown = await t.call(member, "PATCH", "/users/me/subscriptions", { delete: ["nowhere"] });
    assert.deepEqual([unknown.body.code, unknown.body.msg], ["STREAM_DOES_NOT_EXIST", "Channel 'nowhere' does not exist"]);
    const extra = await t.call(member, "PATCH", "/users/me/subscriptions", { add: [{ name: "x", colour: "#fff" }] });
    assert.deepEqual(extra.body, badRequest('Argument "colour" at add[0] is unexpected'));
  });
});
