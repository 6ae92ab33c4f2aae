import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { fakeBouncer, openPushPayload, PUSH_KEY, unreachableUrl, type FakeBouncer } from "./push-support.js";

describe("POST /mobile_push/e2ee/test_notification", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let bouncer: FakeBouncer;
  let fcmDevice: number;
  let apnsDevice: number;

  const register = async (who: Account, kind: string, tokenId: string) => {
    const id = (await t.call(who, "POST", "/register_client_device")).body.device_id as number;
    const params = { device_id: id, push_key: PUSH_KEY, push_key_id: 11, token_kind: kind, token_id: tokenId, bouncer_public_key: "k", encrypted_push_registration: "e" };
    assert.equal((await t.call(who, "POST", "/mobile_push/register", params)).status, 200);
    return id;
  };

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url } });
    owner = await t.realm({ name: "Test Org" });
    member = await t.user(owner);
    fcmDevice = await register(member, "fcm", "hGsEWGmyyfI=");
    // A token id above 2^53 must reach the bouncer exactly.
    apnsDevice = await register(member, "apns", "f/////////8=");
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });

  const notify = (who: Account, params: Record<string, unknown> = {}) => t.call(who, "POST", "/mobile_push/e2ee/test_notification", params);

  it("sends one push request per registered device to the bouncer", async () => {
    bouncer.requests.length = 0;
    assert.deepEqual((await notify(member)).body, { result: "success", msg: "" });
    assert.equal(bouncer.requests.length, 1);
    const sent = bouncer.requests[0]!;
    assert.equal(sent.path, "/api/v1/remotes/push/e2ee/notify");
    assert.equal(sent.contentType, "application/json");
    assert.match(sent.body, /"device_id":9223372036854775807\b/);
    const body = JSON.parse(sent.body);
    assert.match(body.realm_uuid, /^[0-9a-f-]{36}$/);
    assert.equal(body.push_requests.length, 2);
    const [fcm, apns] = body.push_requests;
    assert.equal(fcm.device_id, Number(Buffer.from("hGsEWGmyyfI=", "base64").readBigInt64BE()));
    assert.equal(fcm.fcm_priority, "high");
    assert.equal(fcm.payload.push_key_id, 11);
    const expected = { type: "test", realm_url: `http://${owner.host}:9991`, realm_name: "Test Org", user_id: member.id, time: Math.floor(t.clock.now().getTime() / 1000) };
    // The bouncer sees sealed bytes only; the device's key opens them.
    assert.doesNotMatch(Buffer.from(fcm.payload.encrypted_data, "base64").toString("latin1"), /Test Org/);
    assert.deepEqual(openPushPayload(PUSH_KEY, fcm.payload.encrypted_data), expected);
    assert.deepEqual(apns.http_headers, { "apns-priority": "10", "apns-push-type": "alert" });
    assert.equal(apns.payload.push_key_id, 11);
    assert.deepEqual(openPushPayload(PUSH_KEY, apns.payload.encrypted_data), expected);
    // A fresh nonce for every box: the same payload never seals to the same bytes.
    assert.notEqual(fcm.payload.encrypted_data, apns.payload.encrypted_data);
  });

  it("seals each payload with its own device's key after a key rotation", async () => {
    const rotated = Buffer.concat([Buffer.from([0x31]), Buffer.alloc(32, 9)]).toString("base64");
    assert.equal((await t.call(member, "POST", "/mobile_push/register", { device_id: fcmDevice, push_key: rotated, push_key_id: 12 })).status, 200);
    bouncer.requests.length = 0;
    assert.equal((await notify(member, { device_id: fcmDevice })).status, 200);
    const [request] = JSON.parse(bouncer.requests[0]!.body).push_requests;
    assert.equal(request.payload.push_key_id, 12);
    assert.equal(openPushPayload(PUSH_KEY, request.payload.encrypted_data), null);
    assert.equal((openPushPayload(rotated, request.payload.encrypted_data) as { type: string }).type, "test");
  });

  it("sends to the one device named by device_id", async () => {
    bouncer.requests.length = 0;
    assert.equal((await notify(member, { device_id: apnsDevice })).status, 200);
    const body = JSON.parse(bouncer.requests[0]!.body);
    assert.equal(body.push_requests.length, 1);
    assert.ok(body.push_requests[0].http_headers);
  });

  it("answers NO_ACTIVE_PUSH_DEVICE without a registered device, or for another user's device", async () => {
    const expected = { result: "error", msg: "No active registered push device", code: "NO_ACTIVE_PUSH_DEVICE" };
    const res = await notify(owner);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, expected);
    assert.deepEqual((await notify(owner, { device_id: fcmDevice })).body, expected);
    const pending = (await t.call(owner, "POST", "/register_client_device")).body.device_id;
    assert.deepEqual((await notify(owner, { device_id: pending })).body, expected);
    assert.deepEqual((await notify(member, { device_id: "x" })).body, badRequest("device_id is not valid JSON"));
  });

  it("answers ADMIN_ACTION_REQUIRED when the bouncer refuses the server or realm", async () => {
    bouncer.reply(403, { result: "error", code: "MISSING_REMOTE_REALM", msg: "Organization not registered" });
    const res = await notify(member);
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, { result: "error", msg: "Push notification configuration issue on server, contact the server administrator or retry later.", code: "ADMIN_ACTION_REQUIRED" });
  });

  it("answers INTERNAL_SERVER_ERROR_ON_BOUNCER on a 5xx", async () => {
    bouncer.reply(503, "Service Unavailable");
    const res = await notify(member);
    assert.equal(res.status, 502);
    assert.deepEqual(res.body, { result: "error", msg: "Internal server error on Zulip push notification service, retry later.", code: "INTERNAL_SERVER_ERROR_ON_BOUNCER" });
  });

  it("answers FAILED_TO_CONNECT_BOUNCER when the bouncer cannot be reached", async () => {
    const config = t.deps.config as { pushBouncerUrl: string };
    const saved = config.pushBouncerUrl;
    config.pushBouncerUrl = await unreachableUrl();
    try {
      const res = await notify(member);
      assert.equal(res.status, 502);
      assert.deepEqual(res.body, { result: "error", msg: "Network error while connecting to Zulip push notification service.", code: "FAILED_TO_CONNECT_BOUNCER" });
    } finally {
      config.pushBouncerUrl = saved;
    }
  });
});
