import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { BOT_DEFAULT } from "../../src/lib/roles.js";
import { fakeBouncer, type FakeBouncer } from "./push-support.js";

describe("POST /mobile_push/test_notification (deprecated, legacy tokens)", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let bouncer: FakeBouncer;
  const ok = { result: "success", msg: "" };

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url } });
    owner = await t.realm({ name: "Test Org" });
    member = await t.user(owner);
    assert.deepEqual((await t.call(member, "POST", "/users/me/apns_device_token", { token: "c0ffee", appid: "org.zulip.Zulip" })).body, ok);
    assert.deepEqual((await t.call(member, "POST", "/users/me/android_gcm_reg_id", { token: "android-token" })).body, ok);
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });

  const notify = (who: Account, params: Record<string, unknown> = {}) => t.call(who, "POST", "/mobile_push/test_notification", params);
  const sent = () => bouncer.requests.map((r) => ({ path: r.path, body: JSON.parse(r.body) }));

  it("sends a test to the named token through the bouncer, with the legacy base payload", async () => {
    bouncer.requests.length = 0;
    assert.deepEqual((await notify(member, { token: "android-token" })).body, ok);
    const [request, ...rest] = sent();
    assert.deepEqual(rest, []);
    assert.equal(request!.path, "/api/v1/remotes/push/test_notification");
    const { realm_uuid, user_uuid, ...body } = request!.body;
    assert.match(realm_uuid, /^[0-9a-f-]{36}$/);
    assert.match(user_uuid, /^[0-9a-f-]{36}$/);
    assert.deepEqual(body, {
      user_id: member.id,
      token: "android-token",
      token_kind: 2,
      // server: the server's own host (EXTERNAL_HOST), not the realm's.
      base_payload: { server: "localhost:9991", realm_id: owner.realmId, realm_uri: `http://${owner.host}:9991`, realm_url: `http://${owner.host}:9991`, realm_name: "Test Org", user_id: member.id },
    });
  });

  it("sends to every token of the user without one", async () => {
    bouncer.requests.length = 0;
    assert.deepEqual((await notify(member)).body, ok);
    assert.deepEqual(sent().map((r) => [r.body.token, r.body.token_kind]), [["c0ffee", 1], ["android-token", 2]]);
  });

  it("refuses a token the user has not registered", async () => {
    bouncer.requests.length = 0;
    assert.deepEqual((await notify(owner, { token: "c0ffee" })).body, { result: "error", msg: "Device not recognized", code: "INVALID_PUSH_DEVICE_TOKEN" });
    assert.deepEqual(bouncer.requests, []);
  });

  it("passes on the bouncer not knowing the token", async () => {
    bouncer.reply(400, { result: "error", msg: "Device not recognized by the push bouncer", code: "INVALID_REMOTE_PUSH_DEVICE_TOKEN" });
    assert.deepEqual((await notify(member, { token: "c0ffee" })).body, { result: "error", msg: "Device not recognized by the push bouncer", code: "INVALID_REMOTE_PUSH_DEVICE_TOKEN" });
  });

  it("does not accept bots", async () => {
    const bot = await t.user(owner, { botType: BOT_DEFAULT });
    assert.deepEqual((await notify(bot)).body, badRequest("This endpoint does not accept bot requests."));
  });
});
