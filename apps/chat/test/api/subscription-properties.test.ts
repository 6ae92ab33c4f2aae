import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("POST /users/me/subscriptions/properties and PATCH /users/me/subscriptions/{stream_id}", () => {
  let t: ChatTest;
  let owner: Account;
  let id: number;
  let other: number;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    id = (await t.call(owner, "POST", "/channels/create", { name: "general", subscribers: [owner.id] })).body.id;
    other = (await t.call(owner, "POST", "/channels/create", { name: "elsewhere", subscribers: [] })).body.id;
  });
  after(() => t.close());

  const sub = async () => (await t.call(owner, "GET", "/users/me/subscriptions")).body.subscriptions[0];

  it("changes several properties at once", async () => {
    const res = await t.call(owner, "POST", "/users/me/subscriptions/properties", {
      subscription_data: [
        { stream_id: id, property: "color", value: "#ABCDEF" },
        { stream_id: id, property: "is_muted", value: true },
        { stream_id: id, property: "desktop_notifications", value: false },
      ],
    });
    assert.deepEqual(res.body, { result: "success", msg: "" });
    const after = await sub();
    assert.deepEqual([after.color, after.is_muted, after.in_home_view, after.desktop_notifications], ["#abcdef", true, false, false]);
  });

  it("takes a plain hex colour as the single form's value, and JSON booleans for the rest", async () => {
    const plain = await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "color", value: "#c2c2c2" });
    assert.deepEqual(plain.body, { result: "success", msg: "" });
    assert.equal((await sub()).color, "#c2c2c2");
    await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "color", value: JSON.stringify("#a1b2c3") });
    assert.equal((await sub()).color, "#a1b2c3", "a JSON-quoted colour still works");
    await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "pin_to_top", value: "true" });
    assert.equal((await sub()).pin_to_top, true);
    assert.deepEqual((await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "pin_to_top", value: "yes" })).body, badRequest("pin_to_top is not a boolean"));
    assert.deepEqual((await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "color", value: "c2c2c2" })).body, badRequest("color is not a valid hex color code"));
    const bulk = await t.call(owner, "POST", "/users/me/subscriptions/properties", { subscription_data: [{ stream_id: id, property: "color", value: "#d4d4d4" }, { stream_id: id, property: "pin_to_top", value: false }] });
    assert.deepEqual(bulk.body, { result: "success", msg: "" });
    assert.deepEqual([(await sub()).color, (await sub()).pin_to_top], ["#d4d4d4", false]);
  });

  it("treats in_home_view as the inverse of is_muted", async () => {
    await t.call(owner, "PATCH", `/users/me/subscriptions/${id}`, { property: "in_home_view", value: true });
    assert.equal((await sub()).is_muted, false);
  });

  it("refuses unknown properties, bad values and channels the user is not subscribed to", async () => {
    const data = (property: string, value: unknown, streamId = id) => ({ subscription_data: [{ stream_id: streamId, property, value }] });
    assert.deepEqual((await t.call(owner, "POST", "/users/me/subscriptions/properties", data("volume", 11))).body, badRequest("Unknown subscription property: volume"));
    assert.deepEqual((await t.call(owner, "POST", "/users/me/subscriptions/properties", data("pin_to_top", "yes"))).body, badRequest("pin_to_top is not a boolean"));
    assert.deepEqual((await t.call(owner, "POST", "/users/me/subscriptions/properties", data("color", "red"))).body, badRequest("color is not a valid hex color code"));
    assert.deepEqual((await t.call(owner, "POST", "/users/me/subscriptions/properties", data("pin_to_top", true, other))).body, badRequest(`Not subscribed to channel ID ${other}`));
  });
});
