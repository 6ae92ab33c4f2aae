import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("PagerTree integrations", () => {
  let h: Harness;
  let pagertree: FakeService;
  let alice: WebClient;
  before(async () => {
    pagertree = await startFakeService({ status: 200, body: { success: true } });
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await pagertree.close();
  });

  it("triggers an incident keyed by the check's unique key, then resolves it", async () => {
    pagertree.clear();
    const ch = await addIntegration(h, "pagertree", `${pagertree.url}/integration/int_abc`);
    const { check } = await alertDownThenUp(h, ch, { name: "Foo & Bar", tags: "prod db" });
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    const [down, up] = pagertree.requests;
    assert.equal(down.method, "POST");
    assert.equal(down.url, "/integration/int_abc");
    assert.equal(down.headers["content-type"], "application/json");
    assert.deepEqual(down.json(), {
      incident_key: key,
      event_type: "trigger",
      title: "Foo & Bar is DOWN (received a failure signal)",
      description: "Foo &amp; Bar is DOWN (received a failure signal).\n\nLast ping was now.",
      client: "Mychecks",
      client_url: h.deps.config.siteRoot,
      tags: "prod db",
    });
    assert.match(down.text(), /^\{"incident_key": "/);
    assert.deepEqual({ ...up.json(), incident_key: "" }, { incident_key: "", event_type: "resolve", title: "Foo & Bar is UP", description: "Foo &amp; Bar is UP.", client: "Mychecks", client_url: h.deps.config.siteRoot, tags: "prod db" });
    assert.equal(up.json().incident_key, key);
  });

  it("sends a test notification without a last ping", async () => {
    pagertree.clear();
    assert.deepEqual(await sendTest(h, await addIntegration(h, "pagertree", `${pagertree.url}/i`)), { kind: "sent" });
    const payload = pagertree.requests[0].json();
    assert.equal(payload.title, "TEST is DOWN");
    assert.equal(payload.description, "TEST is DOWN.");
    assert.equal(payload.tags, "");
  });

  it("records PagerTree's refusal and keeps the integration enabled", async () => {
    pagertree.clear();
    pagertree.replies.push({ status: 404, body: "not found" });
    const { channel } = await alertDown(h, await addIntegration(h, "pagertree", `${pagertree.url}/gone`));
    assert.equal(channel.last_error, "Received status code 404");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form with the webhook URL", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/pagertree/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.equal((await alice.post(add, { name: "", value: "int_abc" })).status, 400);
    assert.ok((await alice.post(add, { name: "", value: `https://x.example/${"a".repeat(990)}` })).text.includes("Ensure this value has at most 1000 characters (it has 1008)."));
    assert.equal((await alice.post(add, { name: "Tree", value: "https://api.pagertree.com/integration/int_abc" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Tree").executeTakeFirstOrThrow();
    assert.equal(row.value, "https://api.pagertree.com/integration/int_abc");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "pagertree"));
  });

  it("stores create-integration's value as the bare URL", () => {
    assert.deepEqual(integrationValue("pagertree", "https://api.pagertree.com/integration/x"), { value: "https://api.pagertree.com/integration/x" });
    assert.deepEqual(integrationValue("pagertree", "int_x"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});

describe("PagerTree switched off", () => {
  let h: Harness;
  let pagertree: FakeService;
  before(async () => {
    pagertree = await startFakeService();
    h = await startKindHarness({ MONITOR_PAGERTREE_ENABLED: "false" });
  });
  after(async () => {
    await h.close();
    await pagertree.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    assert.equal(unavailableReason(kindOf("pagertree")!, h.deps.config), "PagerTree integrations are off on this server: set MONITOR_PAGERTREE_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "pagertree", `${pagertree.url}/i`));
    assert.equal(channel.last_error, "PagerTree notifications are not enabled.");
    assert.equal(pagertree.requests.length, 0);
  });
});
