import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Spike integrations", () => {
  let h: Harness;
  let spike: FakeService;
  let alice: WebClient;
  before(async () => {
    spike = await startFakeService({ status: 200, body: { message: "ok" } });
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await spike.close();
  });

  it("posts the check's unique key, a title, a message and the status, down then up", async () => {
    spike.clear();
    const ch = await addIntegration(h, "spike", `${spike.url}/v1/hooks/abc`);
    const { check } = await alertDownThenUp(h, ch, { name: "Foo & Bar" });
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    const [down, up] = spike.requests;
    assert.equal(down.method, "POST");
    assert.equal(down.url, "/v1/hooks/abc");
    assert.equal(down.headers["content-type"], "application/json");
    assert.equal(
      down.text(),
      `{"check_id": "${key}", "title": "Foo & Bar is DOWN (received a failure signal)", "message": "Foo & Bar is DOWN (received a failure signal).\\n\\nLast ping was now.", "status": "down"}`,
    );
    assert.deepEqual(up.json(), { check_id: key, title: "Foo & Bar is UP", message: "Foo & Bar is UP.", status: "up" });
  });

  it("sends a test notification without a last ping", async () => {
    spike.clear();
    assert.deepEqual(await sendTest(h, await addIntegration(h, "spike", `${spike.url}/h`)), { kind: "sent" });
    const payload = spike.requests[0].json();
    assert.equal(payload.title, "TEST is DOWN");
    assert.equal(payload.message, "TEST is DOWN.");
  });

  it("records Spike's refusal and keeps the integration enabled", async () => {
    spike.clear();
    spike.replies.push({ status: 404, body: "not found" });
    const { channel } = await alertDown(h, await addIntegration(h, "spike", `${spike.url}/gone`));
    assert.equal(channel.last_error, "Received status code 404");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form with the webhook URL", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/spike/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.equal((await alice.post(add, { name: "", value: "abc" })).status, 400);
    assert.ok((await alice.post(add, { name: "", value: `https://x.example/${"a".repeat(990)}` })).text.includes("Ensure this value has at most 1000 characters (it has 1008)."));
    assert.equal((await alice.post(add, { name: "Spiky", value: "https://hooks.spike.sh/abc/push-events" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Spiky").executeTakeFirstOrThrow();
    assert.equal(row.value, "https://hooks.spike.sh/abc/push-events");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "spike"));
  });

  it("stores create-integration's value as the bare URL", () => {
    assert.deepEqual(integrationValue("spike", "https://hooks.spike.sh/x"), { value: "https://hooks.spike.sh/x" });
    assert.deepEqual(integrationValue("spike", "x"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});

describe("Spike switched off", () => {
  let h: Harness;
  let spike: FakeService;
  before(async () => {
    spike = await startFakeService();
    h = await startKindHarness({ MONITOR_SPIKE_ENABLED: "false" });
  });
  after(async () => {
    await h.close();
    await spike.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    assert.equal(unavailableReason(kindOf("spike")!, h.deps.config), "Spike integrations are off on this server: set MONITOR_SPIKE_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "spike", `${spike.url}/h`));
    assert.equal(channel.last_error, "Spike notifications are not enabled.");
    assert.equal(spike.requests.length, 0);
  });
});
