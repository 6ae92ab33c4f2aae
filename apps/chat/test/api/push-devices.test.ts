import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { badRequest, chatTest, type Account, type ChatTest } from "../helpers.js";
import { captureEvents } from "./org-support.js";
import { fakeBouncer, PUSH_KEY, unreachableUrl, type FakeBouncer } from "./push-support.js";

const TOKEN_ID = "hGsEWGmyyfI=";
const registration = (deviceId: number, extra: Record<string, unknown> = {}) => ({
  device_id: deviceId,
  push_key: PUSH_KEY,
  push_key_id: 2408,
  token_kind: "fcm",
  token_id: TOKEN_ID,
  bouncer_public_key: "bouncer-public-key",
  encrypted_push_registration: "encrypted-push-registration-data",
  ...extra,
});

describe("push devices and E2EE registration", () => {
  let t: ChatTest;
  let owner: Account;
  let member: Account;
  let bouncer: FakeBouncer;
  let events: ReturnType<typeof captureEvents>;

  before(async () => {
    bouncer = await fakeBouncer();
    t = await chatTest({ config: { pushBouncerUrl: bouncer.url, pushOrgId: "server-uuid", pushOrgKey: "server-key" } });
    owner = await t.realm();
    member = await t.user(owner);
    events = captureEvents(t);
  });
  after(async () => {
    await t.close();
    await bouncer.close();
  });

  const devices = async (who: Account) => (await t.call(who, "POST", "/register", { fetch_event_types: ["device"] })).body.devices;
  const newDevice = async (who: Account) => (await t.call(who, "POST", "/register_client_device")).body.device_id as number;

  it("registers a logged-in device, shows it in /register and announces it to the user", async () => {
    const res = await t.call(member, "POST", "/register_client_device");
    assert.equal(res.status, 200);
    assert.equal(typeof res.body.device_id, "number");
    const id = res.body.device_id;
    assert.deepEqual((await events.take()).map((e) => [e.event, e.users]), [[{ type: "device", op: "add", device_id: id }, [member.id]]]);
    assert.deepEqual((await devices(member))[String(id)], { push_key_id: null, push_token_id: null, pending_push_token_id: null, push_token_last_updated_timestamp: null, push_registration_error_code: null });
    assert.equal((await devices(owner))[String(id)], undefined);
  });

  it("registers for E2EE push through the bouncer and records the token once it accepts", async () => {
    const id = await newDevice(member);
    await events.take();
    bouncer.requests.length = 0;
    const res = await t.call(member, "POST", "/mobile_push/register", registration(id));
    assert.deepEqual(res.body, { result: "success", msg: "" });
    assert.equal(bouncer.requests.length, 1);
    const sent = bouncer.requests[0]!;
    assert.equal(sent.path, "/api/v1/remotes/push/e2ee/register");
    assert.equal(sent.authorization, `Basic ${Buffer.from("server-uuid:server-key").toString("base64")}`);
    const form = Object.fromEntries(new URLSearchParams(sent.body));
    assert.deepEqual(Object.keys(form).sort(), ["bouncer_public_key", "encrypted_push_registration", "realm_uuid", "token_id"]);
    assert.equal(form.token_id, TOKEN_ID);
    assert.match(form.realm_uuid!, /^[0-9a-f-]{36}$/);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    assert.deepEqual((await events.take()).map((e) => e.event), [
      { type: "device", op: "update", device_id: id, push_key_id: 2408, pending_push_token_id: TOKEN_ID, push_token_last_updated_timestamp: now },
      { type: "device", op: "update", device_id: id, push_token_id: TOKEN_ID, pending_push_token_id: null },
    ]);
    assert.deepEqual((await devices(member))[String(id)], { push_key_id: 2408, push_token_id: TOKEN_ID, pending_push_token_id: null, push_token_last_updated_timestamp: now, push_registration_error_code: null });
    // The same registration again changes nothing and asks the bouncer nothing.
    assert.equal((await t.call(member, "POST", "/mobile_push/register", registration(id))).status, 200);
    assert.equal(bouncer.requests.length, 1);
    assert.deepEqual(await events.take(), []);
  });

  it("rotates the push key alone, and refuses rotations before any registration", async () => {
    const id = await newDevice(member);
    assert.deepEqual((await t.call(member, "POST", "/mobile_push/register", { device_id: id, push_key: PUSH_KEY, push_key_id: 9 })).body, badRequest("No push registration exists to rotate key for."));
    const rotateToken = { device_id: id, token_kind: "fcm", token_id: TOKEN_ID, bouncer_public_key: "k", encrypted_push_registration: "e" };
    assert.deepEqual((await t.call(member, "POST", "/mobile_push/register", rotateToken)).body, badRequest("No push registration exists to rotate token for."));
    await t.call(member, "POST", "/mobile_push/register", registration(id));
    await events.take();
    assert.equal((await t.call(member, "POST", "/mobile_push/register", { device_id: id, push_key: PUSH_KEY, push_key_id: 77 })).status, 200);
    assert.deepEqual((await events.take()).map((e) => e.event), [{ type: "device", op: "update", device_id: id, push_key_id: 77 }]);
  });

  it("rejects bad registrations with Zulip's messages", async () => {
    const id = await newDevice(member);
    const cases: [Record<string, unknown>, string][] = [
      [{ device_id: 99999 }, "Invalid `device_id`"],
      [{ device_id: id }, "Missing parameters: must provide either all push key fields, all token fields, or both."],
      [registration(id, { push_key: "bm90IGEga2V5" }), "Invalid `push_key`"],
      [registration(id, { token_id: "***" }), "`token_id` is not Base64 encoded"],
      [registration(id, { token_kind: "webpush" }), "Invalid token_kind"],
    ];
    for (const [params, msg] of cases) assert.deepEqual((await t.call(member, "POST", "/mobile_push/register", params)).body, badRequest(msg), msg);
    const otherDevice = await newDevice(owner);
    assert.deepEqual((await t.call(member, "POST", "/mobile_push/register", registration(otherDevice))).body, badRequest("Invalid `device_id`"));
    assert.deepEqual((await t.call(member, "POST", "/mobile_push/register", { push_key: PUSH_KEY })).body, { result: "error", msg: "Missing 'device_id' argument", code: "REQUEST_VARIABLE_MISSING", var_name: "device_id" });
  });

  it("records the bouncer's refusal on the device", async () => {
    const id = await newDevice(member);
    await events.take();
    bouncer.reply(400, { result: "error", code: "INVALID_BOUNCER_PUBLIC_KEY", msg: "Invalid bouncer_public_key" });
    assert.equal((await t.call(member, "POST", "/mobile_push/register", registration(id))).status, 200);
    assert.deepEqual((await events.take()).map((e) => e.event).at(-1), { type: "device", op: "update", device_id: id, push_registration_error_code: "INVALID_BOUNCER_PUBLIC_KEY" });
    assert.equal((await devices(member))[String(id)].push_registration_error_code, "INVALID_BOUNCER_PUBLIC_KEY");
    // A failed registration may be retried at once.
    assert.equal((await t.call(member, "POST", "/mobile_push/register", registration(id))).status, 200);
    assert.equal((await devices(member))[String(id)].push_token_id, TOKEN_ID);
  });

  it("removes a device and announces it", async () => {
    const id = await newDevice(member);
    await events.take();
    assert.deepEqual((await t.call(owner, "POST", "/remove_client_device", { device_id: id })).body, badRequest("Invalid `device_id`"));
    assert.deepEqual((await t.call(member, "POST", "/remove_client_device", { device_id: id })).body, { result: "success", msg: "" });
    assert.deepEqual((await events.take()).map((e) => e.event), [{ type: "device", op: "remove", device_id: id }]);
    assert.equal((await devices(member))[String(id)], undefined);
  });

  it("refuses bots", async () => {
    const bot = await t.user(owner, { botType: 1 });
    assert.deepEqual((await t.call(bot, "POST", "/register_client_device")).body, badRequest("This endpoint does not accept bot requests."));
  });
});

describe("push registration without a configured bouncer", () => {
  it("answers PUSH_SERVICE_NOT_CONFIGURED", async () => {
    const t = await chatTest();
    try {
      const owner = await t.realm();
      const id = (await t.call(owner, "POST", "/register_client_device")).body.device_id;
      const res = await t.call(owner, "POST", "/mobile_push/register", registration(id));
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { result: "error", msg: "Server is not configured to use push notification service.", code: "PUSH_SERVICE_NOT_CONFIGURED" });
    } finally {
      await t.close();
    }
  });

  it("leaves the registration retryable when the bouncer cannot be reached", async () => {
    const t = await chatTest({ config: { pushBouncerUrl: await unreachableUrl() } });
    try {
      const owner = await t.realm();
      const id = (await t.call(owner, "POST", "/register_client_device")).body.device_id;
      assert.equal((await t.call(owner, "POST", "/mobile_push/register", registration(id))).status, 200);
      const device = (await t.call(owner, "POST", "/register", { fetch_event_types: ["device"] })).body.devices[String(id)];
      assert.equal(device.push_token_id, null);
      assert.equal(device.push_registration_error_code, "FAILED_TO_CONNECT_BOUNCER");
    } finally {
      await t.close();
    }
  });
});
