import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { integrationValue } from "../registry.js";
import { createCheckVia, type Harness } from "../../../test/helpers.js";
import { addIntegration, startKindHarness } from "../testing/harness.js";
import { startMailReceiver, type MailReceiver } from "../testing/mail-receiver.js";

describe("e-mail integrations", () => {
  let h: Harness;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    h = await startKindHarness({}, { smtpHost: "127.0.0.1", smtpPort: String(smtp.port), smtpUseTls: "false", smtpFrom: "alerts@beacon.test" });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  it("sends DOWN and UP mails with the upstream's subject and text", async () => {
    const ch = await addIntegration(h, "email", { value: "ops@example.org", up: true, down: true });
    const c = await createCheckVia(h, { name: "Backups", tags: "prod", timeout: 86400, channels: ch.uuid });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}/fail`, payload: "disk full <sdb1>" });
    await runAlertCycle(h.deps);
    assert.equal(smtp.messages.length, 1);
    const [down] = smtp.messages;
    assert.equal(down.subject, "DOWN | Backups");
    assert.deepEqual(smtp.envelopes[0], { from: "alerts@beacon.test", to: ["ops@example.org"] });
    const text = down.text!;
    assert.match(text, /^The check "Backups" has gone down\.\nReason: received a failure signal\.\n\nView on Mychecks:\nhttp:\/\/localhost:8000\/cloaked\/\w+\/\n/);
    assert.match(text, /Project: Alices\nTags: prod\nPeriod: 1 day\nTotal pings: 1 \(since Jan 1, 2020\)\nLast ping: now, from 127\.0\.0\.1\nLast ping type: Failure\nStatus changed to down at: Wed, 01 Jan 2020 00:00:00 \+0000\n\nLast Ping Body:\n---------------\ndisk full <sdb1>\n/);
    // The HTML part carries the body too, escaped.
    assert.match(String(down.html), /<p><b>Last Ping Body<\/b><\/p><pre style="white-space: pre-wrap">disk full &lt;sdb1&gt;<\/pre>/);

    h.clock.advanceSeconds(3600 + 125);
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    await runAlertCycle(h.deps);
    assert.equal(smtp.messages[1].subject, "UP | Backups");
    assert.match(smtp.messages[1].text!, /has gone up\.\nThe downtime lasted 1 hour, 2 minutes\.\n/);
  });

  it("skips a direction the address has turned off", async () => {
    const before = smtp.messages.length;
    const ch = await addIntegration(h, "email", { value: "quiet@example.org", up: false, down: true });
    const c = await createCheckVia(h, { channels: ch.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` });
    const cycle = await runAlertCycle(h.deps);
    assert.equal(cycle.queued, 1);
    assert.equal(smtp.messages.length, before + 1);
    assert.equal(smtp.messages.at(-1)!.subject, `DOWN | ${c.uuid}`);
  });

  it("accepts a bare address or the JSON form as create-integration's value", () => {
    assert.deepEqual(JSON.parse((integrationValue("email", "ops@example.org") as { value: string }).value), { value: "ops@example.org", up: true, down: true });
    assert.deepEqual(JSON.parse((integrationValue("email", '{"value": "a@b.c", "up": false}') as { value: string }).value), { value: "a@b.c", up: false, down: true });
    assert.deepEqual(integrationValue("email", '{"value": "nobody"}'), { error: "value must be an e-mail address" });
  });
});
