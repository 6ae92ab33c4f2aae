// WhatsApp through a fake of Twilio's REST API: approved templates, one per direction.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { loadMonitorConfig } from "../../config.js";
import { signedUp } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp } from "../testing/harness.js";
import { twilioForm, withTwilio } from "../sms/testing.js";

const WHATSAPP = { MONITOR_TWILIO_USE_WHATSAPP: "true", MONITOR_TWILIO_MESSAGING_SERVICE_SID: "MG123", MONITOR_WHATSAPP_DOWN_CONTENT_SID: "HXdown", MONITOR_WHATSAPP_UP_CONTENT_SID: "HXup" };

describe("WhatsApp integrations", () => {
  const t = withTwilio(WHATSAPP);

  it("sends the down template with the check's name, and the up template on recovery", async () => {
    t.twilio.clear();
    await alertDownThenUp(t.h, await addIntegration(t.h, "whatsapp", { value: "+1234567890", up: true, down: true }), { name: 'Say "hi"' });
    const [down, up] = t.twilio.requests.map((r) => twilioForm(r, "Messages.json"));
    assert.deepEqual(Object.keys(down), ["To", "From", "MessagingServiceSid", "ContentSid", "ContentVariables", "StatusCallback"]);
    assert.equal(down.To, "whatsapp:+1234567890");
    assert.equal(down.From, "whatsapp:+15005550006");
    assert.equal(down.MessagingServiceSid, "MG123");
    assert.equal(down.ContentSid, "HXdown");
    assert.equal(down.ContentVariables, '{"1": "Say \\"hi\\""}');
    assert.equal(up.ContentSid, "HXup");
  });

  it("honours the directions chosen", async () => {
    t.twilio.clear();
    await alertDownThenUp(t.h, await addIntegration(t.h, "whatsapp", { value: "+1234567890", up: false, down: true }));
    assert.deepEqual(t.twilio.requests.map((r) => twilioForm(r, "Messages.json").ContentSid), ["HXdown"]);
  });

  it("disables the integration for an invalid number", async () => {
    t.twilio.clear();
    t.twilio.replies.push({ status: 400, body: { code: 21211 } });
    const { channel } = await alertDown(t.h, await addIntegration(t.h, "whatsapp", { value: "+1999", up: true, down: true }));
    assert.equal(channel.last_error, "Invalid phone number");
    assert.equal(channel.disabled, 1);
  });

  it("is added from the dashboard", async () => {
    const alice = await signedUp(t.h, "alice@example.org");
    const base = `/projects/${t.h.project.uuid}/integrations/`;
    await alice.get(`${base}add/whatsapp/`);
    assert.equal((await alice.post(`${base}add/whatsapp/`, { name: "WA", phone: "+1234567890", up: "on" })).status, 303);
    const row = await t.h.deps.db.selectFrom("channels").selectAll().where("name", "=", "WA").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { value: "+1234567890", up: true, down: false });
    assert.deepEqual(integrationValue("whatsapp", "+1234567890"), { value: '{"value":"+1234567890","up":true,"down":true}' });
  });

  it("is off until WhatsApp and its templates are set, and says so", async () => {
    const config = loadMonitorConfig({}, { MONITOR_TWILIO_ACCOUNT: "AC1", MONITOR_TWILIO_AUTH: "x", MONITOR_TWILIO_FROM: "+1" });
    assert.equal(
      unavailableReason(kindOf("whatsapp")!, config),
      "WhatsApp integrations are off on this server: set MONITOR_TWILIO_USE_WHATSAPP=true and MONITOR_TWILIO_MESSAGING_SERVICE_SID and MONITOR_WHATSAPP_DOWN_CONTENT_SID and MONITOR_WHATSAPP_UP_CONTENT_SID.",
    );
  });
});
