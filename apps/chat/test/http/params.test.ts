import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, basic, chatTest, type Account, type ChatTest } from "../helpers.js";
import { Params, json, raw } from "../../src/http/params.js";
import { RequestConfusingVarError } from "../../src/http/errors.js";
import { int, list, object, field, string } from "../../src/http/validators.js";

describe("request parameters", () => {
  let t: ChatTest;
  let owner: Account;

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
  });
  after(() => t.close());

  it("reports a missing argument with REQUEST_VARIABLE_MISSING and its name", async () => {
    const res = await t.call(owner, "POST", "/users", { email: "new@example.com", password: "pw" });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { result: "error", msg: "Missing 'full_name' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "full_name" });
  });

  it("decodes booleans strictly as JSON", async () => {
    const notBool = await t.call(owner, "GET", "/users", { client_gravatar: "1" });
    assert.deepEqual([notBool.status, notBool.body], [400, badRequest("client_gravatar is not a boolean")]);
    const notJson = await t.call(owner, "GET", "/users", { client_gravatar: "yes" });
    assert.deepEqual(notJson.body, badRequest("client_gravatar is not valid JSON"));
    const capitalised = await t.call(owner, "GET", "/users", { client_gravatar: "True" });
    assert.deepEqual(capitalised.body, badRequest("client_gravatar is not valid JSON"));
  });

  it("names the offending element of a list", async () => {
    const notList = await t.call(owner, "GET", "/users", { user_ids: "5" });
    assert.deepEqual(notList.body, badRequest("user_ids is not a list"));
    const badItem = await t.call(owner, "GET", "/users", { user_ids: '[1, "two"]' });
    assert.deepEqual(badItem.body, badRequest("user_ids[1] is not an integer"));
    const float = await t.call(owner, "GET", "/users", { user_ids: "[1.5]" });
    assert.deepEqual(float.body, badRequest("user_ids[0] is not an integer"));
  });

  it("reports unused parameters, sorted, in ignored_parameters_unsupported", async () => {
    const res = await t.call(owner, "GET", "/users/me", { zeta: "1", alpha: "2" });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.ignored_parameters_unsupported, ["alpha", "zeta"]);
    const clean = await t.call(owner, "GET", "/users/me");
    assert.equal("ignored_parameters_unsupported" in clean.body, false);
  });

  it("reads POST parameters from the query string too, the body winning", async () => {
    const res = await t.call(owner, "POST", "/users", { email: "body@example.com", full_name: "Body" }, { query: { email: "query@example.com", password: "pw-secret-1" } });
    assert.equal(res.status, 200);
    const user = await t.call(owner, "GET", `/users/${res.body.user_id}`);
    assert.equal(user.body.user.email, "body@example.com");
  });

  it("reads multipart bodies as zulip-js sends them", async () => {
    const boundary = "----beacon";
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = part("email", "multi@example.com") + part("password", "pw-secret-1") + part("full_name", "Multi Part") + `--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/users",
      headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(typeof res.json().user_id, "number");
  });

  it("takes no parameters from a JSON body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/users",
      headers: { host: owner.host, authorization: basic(owner.email, owner.apiKey), "content-type": "application/json" },
      payload: JSON.stringify({ email: "json@example.com", password: "pw", full_name: "Json" }),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, "REQUEST_VARIABLE_MISSING");
  });

  it("answers unknown endpoints with a JSON 404", async () => {
    const res = await t.call(owner, "GET", "/no/such/endpoint");
    assert.equal(res.status, 404);
    assert.equal(res.body.result, "error");
  });

  it("refuses an alias sent together with its canonical name", () => {
    const params = new Params({ topic: "a" }, { subject: "b" });
    assert.throws(() => params.required("topic", raw(), ["subject"]), (e: unknown) => {
      assert.ok(e instanceof RequestConfusingVarError);
      assert.equal(e.message, "Can't decide between 'topic' and 'subject' arguments");
      assert.equal(e.code, "REQUEST_CONFUSING_VAR");
      return true;
    });
    assert.equal(new Params({ subject: "b" }, {}).required("topic", raw(), ["subject"]), "b");
  });

  it("names nested fields with a JSON path and refuses unexpected keys", () => {
    const shape = json(list(object({ name: field(string({ maxLength: 5 })) })));
    const check = (value: string) => () => new Params({ subscriptions: value }, {}).required("subscriptions", shape);
    assert.throws(check('[{"name": "toolong"}]'), { message: 'subscriptions[0]["name"] is too long (limit: 5 characters)' });
    assert.throws(check('[{"name": 3}]'), { message: 'subscriptions[0]["name"] is not a string' });
    assert.throws(check('[{"name": "ok", "x": 1}]'), { message: 'Argument "x" at subscriptions[0] is unexpected' });
    assert.throws(check("[1]"), { message: "subscriptions[0] is not a dict" });
    assert.throws(() => new Params({ n: "0" }, {}).required("n", json(int({ min: 1 }))), { message: "n is too small" });
    assert.throws(() => new Params({ n: " " }, {}).required("n", raw({ required: true })), { message: "n cannot be blank" });
  });

  it("refuses a NUL in any parameter, raw or inside JSON, with a 400 naming it", async () => {
    const rawValue = await t.call(owner, "POST", "/users/me/status", { status_text: "away\u0000" });
    assert.deepEqual([rawValue.status, rawValue.body], [400, badRequest("status_text must not contain null bytes")]);
    const inJson = await t.call(owner, "POST", "/users/me/alert_words", { alert_words: ["ok", "bad\u0000"] });
    assert.deepEqual([inJson.status, inJson.body], [400, badRequest("alert_words must not contain null bytes")]);
    const inKey = await t.call(owner, "POST", "/users/me/subscriptions", { subscriptions: [{ "name\u0000": "x" }] });
    assert.deepEqual([inKey.status, inKey.body], [400, badRequest("subscriptions must not contain null bytes")]);
  });

  it("refuses a NUL on endpoints that need no login", async () => {
    const res = await t.call(null, "POST", "/fetch_api_key", { username: "a\u0000@example.com", password: "x" }, { host: owner.host });
    assert.deepEqual([res.status, res.body], [400, badRequest("username must not contain null bytes")]);
  });
});
