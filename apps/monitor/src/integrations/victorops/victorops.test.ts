import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Splunk On-Call integrations", () => {
  let h: Harness;
  let oncall: FakeService;
  let alice: WebClient;
  before(async () => {
    oncall = await startFakeService({ status: 200, body: { result: "success", entity_id: "x" } });
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await oncall.close();
  });

  it("posts a CRITICAL event keyed by the check's unique key, then a RECOVERY", async () => {
    oncall.clear();
    const ch = await addIntegration(h, "victorops", `${oncall.url}/integrations/generic/20131114/alert/api-key/routing-key`);
    const { check } = await alertDownThenUp(h, ch, { name: "Foo & Bar" });
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    const [down, up] = oncall.requests;
    assert.equal(down.method, "POST");
    assert.equal(down.url, "/integrations/generic/20131114/alert/api-key/routing-key");
    assert.equal(down.headers["content-type"], "application/json");
    assert.equal(
      down.text(),
      `{"entity_id": "${key}", "message_type": "CRITICAL", "entity_display_name": "Foo & Bar", "state_message": "Foo & Bar is DOWN (received a failure signal).", "monitoring_tool": "Mychecks"}`,
    );
    assert.deepEqual(up.json(), { entity_id: key, message_type: "RECOVERY", entity_display_name: "Foo & Bar", state_message: "Foo & Bar is UP.", monitoring_tool: "Mychecks" });
  });

  it("sends a test notification", async () => {
    oncall.clear();
    assert.deepEqual(await sendTest(h, await addIntegration(h, "victorops", `${oncall.url}/alert`)), { kind: "sent" });
    assert.equal(oncall.requests[0].json().state_message, "TEST is DOWN.");
  });

  it("disables the integration on a 404 and keeps it on other refusals", async () => {
    oncall.clear();
    oncall.replies.push({ status: 404, body: "Not found" });
    const gone = await alertDown(h, await addIntegration(h, "victorops", `${oncall.url}/gone`));
    assert.equal(oncall.requests.length, 1, "not retried");
    assert.equal(gone.channel.last_error, "Received status code 404");
    assert.equal(gone.channel.disabled, 1);
    oncall.replies.push({ status: 500, body: "oops" });
    const failed = await alertDown(h, await addIntegration(h, "victorops", `${oncall.url}/flaky`));
    assert.equal(failed.channel.last_error, "Received status code 500");
    assert.equal(failed.channel.disabled, 0);
  });

  it("is added through the dashboard's form with the endpoint URL", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/victorops/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.equal((await alice.post(add, { name: "", value: "" })).status, 400);
    assert.ok((await alice.post(add, { name: "", value: `https://x.example/${"a".repeat(990)}` })).text.includes("Ensure this value has at most 1000 characters (it has 1008)."));
    assert.equal((await alice.post(add, { name: "On-call", value: "https://alert.victorops.com/integrations/generic/20131114/alert/k/r" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "On-call").executeTakeFirstOrThrow();
    assert.equal(row.value, "https://alert.victorops.com/integrations/generic/20131114/alert/k/r");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "victorops"));
  });

  it("stores create-integration's value as the bare URL", () => {
    assert.deepEqual(integrationValue("victorops", "https://alert.victorops.com/x"), { value: "https://alert.victorops.com/x" });
    assert.deepEqual(integrationValue("victorops", "routing-key"), { error: "the REST endpoint URL must be an absolute http(s) URL" });
  });
});

describe("Splunk On-Call switched off", () => {
  let h: Harness;
  let oncall: FakeService;
  before(async () => {
    oncall = await startFakeService();
    h = await startKindHarness({ MONITOR_VICTOROPS_ENABLED: "false" });
  });
  after(async () => {
    await h.close();
    await oncall.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    assert.equal(unavailableReason(kindOf("victorops")!, h.deps.config), "Splunk On-Call integrations are off on this server: set MONITOR_VICTOROPS_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "victorops", `${oncall.url}/alert`));
    assert.equal(channel.last_error, "Splunk On-Call notifications are not enabled.");
    assert.equal(oncall.requests.length, 0);
  });
});
