import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { basic, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("a known path called with a method it does not serve", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("answers 405 Method Not Allowed with allowed_methods, as Zulip's rest_dispatch (an old client's DELETE /user_groups/{id})", async () => {
    const res = await t.call(owner, "DELETE", "/user_groups/7");
    assert.equal(res.status, 405);
    assert.deepEqual(res.body, { result: "error", msg: "Method Not Allowed", allowed_methods: ["PATCH"] });
    assert.equal(res.headers.allow, "PATCH");
  });

  it("lists every method of the path, in the order of the URL table, and refuses before authentication", async () => {
    const filters = await t.call(null, "GET", "/realm/filters", {}, { host: owner.host });
    assert.deepEqual([filters.status, filters.body.allowed_methods], [405, ["POST"]]);
    const subs = await t.call(null, "PUT", "/users/me/subscriptions", {}, { host: owner.host });
    assert.equal(subs.status, 405);
    assert.deepEqual([...subs.body.allowed_methods].sort(), ["DELETE", "GET", "PATCH", "POST"]);
  });

  it("answers the same under /json, and OPTIONS with 204 and Allow", async () => {
    const json = await t.app.inject({ method: "PUT", url: "/json/realm/filters", headers: { host: owner.host } });
    assert.deepEqual([json.statusCode, json.json()], [405, { result: "error", msg: "Method Not Allowed", allowed_methods: ["POST"] }]);
    const options = await t.app.inject({ method: "OPTIONS", url: "/api/v1/realm/filters", headers: { host: owner.host } });
    assert.deepEqual([options.statusCode, options.headers.allow, options.body], [204, "POST", ""]);
  });

  it("still serves the methods the path has, and unknown paths are 404", async () => {
    const served = await t.app.inject({ method: "GET", url: "/api/v1/users/me", headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey) } });
    assert.equal(served.statusCode, 200);
    const unknown = await t.call(owner, "DELETE", "/no/such/path");
    assert.deepEqual([unknown.status, unknown.body.msg], [404, "Not Found"]);
  });
});
