// SMS through a fake of Twilio's REST API: the message, its directions, Twilio's errors, the
// allowance, and setting it up from the dashboard and the CLI.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { loadMonitorConfig } from "../../config.js";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { twilioForm, withTwilio } from "./testing.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

const CALLBACK = /^http:\/\/localhost:8000\/api\/v3\/notifications\/[0-9a-f-]{36}\/status$/;

describe("SMS integrations", () => {
  const t = withTwilio();

  it("texts the number from the configured number, with the reason and a status callback", async () => {
    t.twilio.clear();
    const ch = await addIntegration(t.h, "sms", { value: "+1234567890", up: false, down: true });
    await alertDown(t.h, ch, { name: "Foo" }, { ping: "/fail" });
    const form = twilioForm(t.twilio.requests[0], "Messages.json");
    assert.deepEqual(Object.keys(form), ["To", "Body", "StatusCallback", "RiskCheck", "From"]);
    assert.equal(form.To, "+1234567890");
    assert.equal(form.From, "+15005550006");
    assert.equal(form.Body, 'Mychecks: The check "Foo" is DOWN (received a failure signal).');
    assert.match(form.StatusCallback, CALLBACK);
    assert.equal(form.RiskCheck, "disable");
    const n = await t.h.deps.db.selectFrom("notifications").select(["uuid", "state"]).where("channel_id", "=", ch.id).executeTakeFirstOrThrow();
    assert.equal(form.StatusCallback, `http://localhost:8000/api/v3/notifications/${n.uuid}/status`);
    assert.equal(n.state, "sent");
  });

  it("says how long a check was down, and sends nothing for a direction turned off", async () => {
    t.twilio.clear();
    const upOnly = await addIntegration(t.h, "sms", { value: "+1234567890", up: true, down: false });
    await alertDownThenUp(t.h, upOnly, { name: "Nightly" }, 5400);
    assert.equal(t.twilio.requests.length, 1);
    assert.equal(twilioForm(t.twilio.requests[0], "Messages.json").Body, 'Mychecks: The check "Nightly" is UP. The downtime lasted 1 hour, 30 minutes.');
  });

  it("disables the integration when Twilio says the number is invalid (21211), and retries other refusals", async () => {
    t.twilio.clear();
    t.twilio.replies.push({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } });
    const { channel } = await alertDown(t.h, await addIntegration(t.h, "sms", { value: "+1999", up: true, down: true }));
    assert.equal(channel.last_error, "Invalid phone number");
    assert.equal(channel.disabled, 1);
    t.twilio.replies.push({ status: 400, body: { code: 21610, message: "unsubscribed" } });
    const other = await alertDown(t.h, await addIntegration(t.h, "sms", { value: "+1888", up: true, down: true }));
    assert.equal(other.channel.last_error, "Received status code 400");
    assert.equal(other.channel.disabled, 0);
  });

  it("sends a test notification", async () => {
    t.twilio.clear();
    const outcome = await sendTest(t.h, await addIntegration(t.h, "sms", { value: "+1234567890", up: false, down: true }));
    assert.deepEqual(outcome, { kind: "sent" });
    assert.equal(twilioForm(t.twilio.requests[0], "Messages.json").Body, 'Mychecks: The check "TEST" is DOWN.');
  });

  it("is offered on the dashboard, checks the number and the directions, and lists as kind sms", async () => {
    const alice: WebClient = await signedUp(t.h, "alice@example.org");
    const base = `/projects/${t.h.project.uuid}/integrations/`;
    assert.match((await alice.get(base)).text, new RegExp(`href="${base}add/sms/"`));
    await alice.get(`${base}add/sms/`);
    assert.match((await alice.post(`${base}add/sms/`, { name: "Alice", phone: "12345", down: "on" })).text, /Invalid phone number format\./);
    assert.match((await alice.post(`${base}add/sms/`, { name: "Alice", phone: "+1 234-567-890" })).text, /Please select at least one\./);
    assert.equal((await alice.post(`${base}add/sms/`, { name: "Alice", phone: "+1 234-567-890", down: "on" })).status, 303);
    const row = await t.h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Alice").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { value: "+1234567890", up: false, down: true });
    const listed = await call(t.h.app, "GET", "/api/v3/channels/", { key: t.h.keys.api_key });
    assert.ok((listed.json as { channels: { name: string; kind: string }[] }).channels.some((c: { name: string; kind: string }) => c.name === "Alice" && c.kind === "sms"));
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("sms", "+1 234 567 890"), { value: '{"value":"+1234567890","up":true,"down":true}' });
    assert.deepEqual(integrationValue("sms", '{"value": "+1234567890", "up": false}'), { value: '{"value":"+1234567890","up":false,"down":true}' });
    assert.deepEqual(integrationValue("sms", "555-0100"), { error: "Invalid phone number format." });
    assert.deepEqual(integrationValue("sms", '{"value": "+1234567890", "up": false, "down": false}'), { error: "Please select at least one." });
  });
});

describe("SMS without Twilio", () => {
  let h: Harness;
  before(async () => {
    h = await startKindHarness();
  });
  after(() => h.close());

  it("is not offered, says what to set, and fails an existing integration's alerts clearly", async () => {
    const alice = await signedUp(h, "alice@example.org");
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/sms\//);
    assert.equal(unavailableReason(kindOf("sms")!, loadMonitorConfig({}, {})), "SMS integrations are off on this server: set MONITOR_TWILIO_ACCOUNT and MONITOR_TWILIO_AUTH.");
    const { channel } = await alertDown(h, await addIntegration(h, "sms", { value: "+1234567890", up: true, down: true }));
    assert.equal(channel.last_error, "SMS notifications are not enabled");
  });

  it("treats a value stored without directions as sending nothing", async () => {
    const ch = await addIntegration(h, "sms", { value: "+1234567890" });
    assert.equal(kindOf("sms")!.transport.isNoop(ch, "down"), true);
  });
});

describe("SMS allowance", () => {
  const t = withTwilio({ MONITOR_TWILIO_MONTHLY_LIMIT: "1" });

  it("stops at the owner's allowance of messages", async () => {
    const ch = await addIntegration(t.h, "sms", { value: "+1234567890", up: true, down: true });
    assert.equal((await alertDown(t.h, ch)).channel.last_error, "");
    assert.equal((await alertDown(t.h, ch)).channel.last_error, "Monthly SMS limit exceeded");
    assert.equal(t.twilio.requests.length, 1);
  });
});

describe("SMS through a messaging service", () => {
  const t = withTwilio({ MONITOR_TWILIO_MESSAGING_SERVICE_SID: "MG123" });

  it("names the messaging service instead of a From number", async () => {
    await alertDown(t.h, await addIntegration(t.h, "sms", { value: "+1234567890", up: true, down: true }));
    const form = twilioForm(t.twilio.requests[0], "Messages.json");
    assert.equal(form.MessagingServiceSid, "MG123");
    assert.equal("From" in form, false);
  });
});
