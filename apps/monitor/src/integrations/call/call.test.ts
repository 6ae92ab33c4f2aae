// Phone calls through a fake of Twilio's REST API.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { loadMonitorConfig } from "../../config.js";
import { signedUp } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest } from "../testing/harness.js";
import { twilioForm, withTwilio } from "../sms/testing.js";

describe("phone call integrations", () => {
  const t = withTwilio();

  it("calls the number with TwiML that says the check is down, escaped for XML", async () => {
    t.twilio.clear();
    const ch = await addIntegration(t.h, "call", { value: "+1234567890" });
    await alertDown(t.h, ch, { name: "Backups <nightly> & more" });
    const form = twilioForm(t.twilio.requests[0], "Calls.json");
    assert.deepEqual(Object.keys(form), ["From", "To", "Twiml", "StatusCallback"]);
    assert.equal(form.From, "+15005550006");
    assert.equal(form.To, "+1234567890");
    assert.equal(form.Twiml, '<Response><Say>Hello! A message from Mychecks: The check "Backups &lt;nightly&gt; &amp; more" is down.</Say></Response>');
    assert.match(form.StatusCallback, /\/api\/v3\/notifications\/[0-9a-f-]{36}\/status$/);
  });

  it("never calls when a check comes back up", async () => {
    t.twilio.clear();
    await alertDownThenUp(t.h, await addIntegration(t.h, "call", { value: "+1234567890" }));
    assert.equal(t.twilio.requests.length, 1);
    assert.equal(kindOf("call")!.transport.isNoop({ value: '{"value": "+1"}' } as never, "up"), true);
  });

  it("disables the integration for an invalid number and sends a test call", async () => {
    t.twilio.clear();
    t.twilio.replies.push({ status: 400, body: { code: 21211 } });
    const { channel } = await alertDown(t.h, await addIntegration(t.h, "call", { value: "+1999" }));
    assert.equal(channel.last_error, "Invalid phone number");
    assert.equal(channel.disabled, 1);
    assert.deepEqual(await sendTest(t.h, await addIntegration(t.h, "call", { value: "+1234567890" })), { kind: "sent" });
  });

  it("is added from the dashboard with a phone number only", async () => {
    const alice = await signedUp(t.h, "alice@example.org");
    const base = `/projects/${t.h.project.uuid}/integrations/`;
    await alice.get(`${base}add/call/`);
    assert.match((await alice.post(`${base}add/call/`, { name: "On call", phone: "call me" })).text, /Invalid phone number format\./);
    assert.equal((await alice.post(`${base}add/call/`, { name: "On call", phone: "+44 20 7946 0000" })).status, 303);
    const row = await t.h.deps.db.selectFrom("channels").selectAll().where("name", "=", "On call").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { value: "+442079460000" });
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("call", "+1234567890"), { value: '{"value":"+1234567890"}' });
    assert.deepEqual(integrationValue("call", "1234567890"), { error: "Invalid phone number format." });
  });

  it("needs the number calls come from", () => {
    const config = loadMonitorConfig({}, { MONITOR_TWILIO_ACCOUNT: "AC1", MONITOR_TWILIO_AUTH: "x" });
    assert.equal(unavailableReason(kindOf("call")!, config), "Phone Call integrations are off on this server: set MONITOR_TWILIO_FROM.");
    assert.equal(unavailableReason(kindOf("sms")!, config), null);
  });
});
