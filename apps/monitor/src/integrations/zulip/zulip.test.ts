import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { integrationValue } from "../registry.js";
import { addIntegration, alertDown, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Zulip integrations", () => {
  let h: Harness;
  let zulip: FakeService;
  before(async () => {
    h = await startKindHarness();
    zulip = await startFakeService({ status: 200, body: { result: "success", msg: "", id: 42 } });
  });
  after(async () => {
    await h.close();
    await zulip.close();
  });

  it("sends a Zulip direct message to a user id as a list, with a custom topic and an escaped description", async () => {
    zulip.clear();
    const ch = await addIntegration(h, "zulip", { bot_email: "bot@example.org", api_key: "k", mtype: "private", to: "42", topic: "Alerts", site: zulip.url });
    await alertDown(h, ch, { name: "A & B", desc: "<b>x</b>" });
    const [req] = zulip.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/api/v1/messages");
    assert.equal(req.headers["content-type"], "application/x-www-form-urlencoded");
    assert.equal(req.headers.authorization, `Basic ${Buffer.from("bot@example.org:k").toString("base64")}`);
    const form = req.form();
    assert.deepEqual([...form.keys()], ["type", "to", "topic", "content"]);
    assert.equal(form.get("type"), "private");
    assert.equal(form.get("to"), "[42]");
    assert.equal(form.get("topic"), "Alerts");
    assert.match(form.get("content")!, /^\[A &amp; B\]\(.*\) is \*\*DOWN\*\* \(received a failure signal\)\.\n\n\n\n---\n\*\*Description\*\*\n&lt;b&gt;x&lt;\/b&gt;$/);
  });

  it("reports a Zulip error with its message", async () => {
    zulip.clear();
    zulip.replies.push({ status: 400, body: { result: "error", msg: "Stream 'ops' does not exist", code: "BAD_REQUEST" } });
    const ch = await addIntegration(h, "zulip", { bot_email: "bot@example.org", api_key: "k", mtype: "stream", to: "ops", site: zulip.url });
    const { channel } = await alertDown(h, ch, {});
    assert.equal(channel.last_error, `Received status code 400 with a message: "Stream 'ops' does not exist"`);
  });

  it("checks create-integration's value: required fields, and stream as the default message type", () => {
    const out = JSON.parse((integrationValue("zulip", JSON.stringify({ bot_email: "bot@z.example", api_key: "k", to: "ops" })) as { value: string }).value);
    assert.deepEqual(out, { bot_email: "bot@z.example", api_key: "k", mtype: "stream", to: "ops", site: "", topic: "" });
    assert.deepEqual(integrationValue("zulip", JSON.stringify({ bot_email: "bot@z.example", api_key: "k", to: "ops", mtype: "dm" })), { error: 'mtype must be "stream" or "private"' });
  });
});
