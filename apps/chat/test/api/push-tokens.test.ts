import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";

describe("legacy push tokens (APNs and FCM)", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  const ok = { result: "success", msg: "" };

  before(async () => {
    t = await chatTest();
    owner = await t.realm();
    member = await t.user(owner);
  });
  after(() => t.close());

  it("adds and removes an APNs token, which needs an app id", async () => {
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "org.zulip.Zulip" })).body, ok);
    // Registering the same token again is fine.
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "org.zulip.Zulip" })).body, ok);
    assert.deepEqual((await t.call(owner, "DELETE", "/users/me/apns_device_token", { token: "c0ffee" })).body, badRequest("Token does not exist"));
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/apns_device_token", { token: "c0ffee" })).body, ok);
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/apns_device_token", { token: "c0ffee" })).body, badRequest("Token does not exist"));
  });

  it("validates APNs tokens and app ids", async () => {
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "c0ffee" })).body, { result: "error", msg: "Missing 'appid' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "appid" });
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "", appid: "org.zulip.Zulip" })).body, badRequest("Empty or invalid length token"));
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "not-hex", appid: "org.zulip.Zulip" })).body, badRequest("Invalid APNS token"));
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "bad app" })).body, badRequest("appid has invalid format"));
  });

  it("adds and removes an FCM registration id", async () => {
    assert.deepEqual((await t.call(member, "POST", "/users/me/android_gcm_reg_id", { token: "android-token" })).body, ok);
    assert.deepEqual((await t.call(member, "POST", "/users/me/android_gcm_reg_id", { token: "x".repeat(4097) })).body, badRequest("Empty or invalid length token"));
    // The same string registered as an APNs token is a different registration.
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/apns_device_token", { token: "ab" })).body, badRequest("Token does not exist"));
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/android_gcm_reg_id", { token: "android-token" })).body, ok);
    assert.deepEqual((await t.call(member, "DELETE", "/users/me/android_gcm_reg_id", { token: "android-token" })).body, badRequest("Token does not exist"));
  });

  it("refuses bots", async () => {
    const bot = await t.user(owner, { botType: 1 });
    assert.deepEqual((await t.call(bot, "POST", "/users/me/android_gcm_reg_id", { token: "t" })).body, badRequest("This endpoint does not accept bot requests."));
  });
});
