import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

const EVENTS = "/generic/2010-04-15/create_event.json";

describe("PagerDuty integrations", () => {
  let h: Harness;
  let pagerduty: FakeService;
  let alice: WebClient;
  before(async () => {
    pagerduty = await startFakeService({ status: 200, body: { status: "success", message: "Event processed", incident_key: "x" } });
    h = await startKindHarness({ MONITOR_PD_API_URL: pagerduty.url });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await pagerduty.close();
  });

  it("triggers an incident keyed by the check's unique key, with the check's details", async () => {
    pagerduty.clear();
    const ch = await addIntegration(h, "pd", "svc-key-1");
    const { check } = await alertDown(h, ch, { name: "Foo & Bar", tags: "prod db", desc: "Nightly backup", timeout: 3600 });
    const [req] = pagerduty.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, EVENTS);
    assert.equal(req.headers["content-type"], "application/json");
    const row = await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow();
    assert.deepEqual(req.json(), {
      service_key: "svc-key-1",
      incident_key: row.unique_key,
      event_type: "trigger",
      description: "Foo & Bar is DOWN (received a failure signal).",
      client: "Mychecks",
      client_url: `${h.deps.config.siteRoot}/checks/${check.uuid}/details/`,
      details: { Project: "Alices", "Total pings": 1, "Last ping": "Failure, now", Description: "Nightly backup", Tags: "prod, db", Period: "1 hour" },
    });
    assert.match(req.text(), /^\{"service_key": "svc-key-1", "incident_key": /, "keys in the upstream's order, spaced as json.dumps");
  });

  it("resolves the incident when the check comes back up, and shows a cron schedule", async () => {
    pagerduty.clear();
    const ch = await addIntegration(h, "pd", { service_key: "svc-key-2", account: "acme" });
    await alertDownThenUp(h, ch, { name: "Cron job", schedule: "*/5 * * * *", tz: "Europe/Riga" });
    const [down, up] = pagerduty.requests.map((r) => r.json());
    assert.equal(down.event_type, "trigger");
    assert.equal(down.service_key, "svc-key-2");
    assert.equal(up.event_type, "resolve");
    assert.equal(up.incident_key, down.incident_key);
    assert.equal(up.description, "Cron job received a ping and is now UP");
    assert.equal(up.details.Schedule, "*/5 * * * *");
    assert.equal(up.details["Time zone"], "Europe/Riga");
    assert.equal(up.details.Period, undefined);
    assert.equal(up.details["Last ping"], "Success, now");
  });

  it("sends a test notification for the TEST check without a last ping", async () => {
    pagerduty.clear();
    const ch = await addIntegration(h, "pd", "svc-key-3");
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    const payload = pagerduty.requests[0].json();
    assert.equal(payload.description, "TEST is DOWN.");
    assert.equal(payload.details["Total pings"], 0);
    assert.equal(payload.details["Last ping"], "Never");
  });

  it("records PagerDuty's refusal and keeps the integration enabled", async () => {
    pagerduty.clear();
    pagerduty.replies.push({ status: 400, body: { status: "invalid event", message: "Event object is invalid" } });
    const { channel } = await alertDown(h, await addIntegration(h, "pd", "bad-key"));
    assert.equal(channel.last_error, "Received status code 400");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form, which checks the key's length", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/pd/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    const tooLong = await alice.post(add, { name: "", value: "k".repeat(33) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.text, /Ensure this value has at most 32 characters \(it has 33\)\./);
    assert.equal((await alice.post(add, { name: "", value: "" })).status, 400);
    const done = await alice.post(add, { name: "On-call", value: "abc123" });
    assert.equal(done.status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "On-call").executeTakeFirstOrThrow();
    assert.equal(row.kind, "pd");
    assert.equal(row.value, "abc123");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "pd" && c.name === "On-call"));
    const page = (await alice.get(`/projects/${h.project.uuid}/integrations/`)).text;
    assert.ok(!page.includes("abc123"), "the key is not shown in the list");
    assert.match(page, /PagerDuty account acme/);
  });

  it("stores create-integration's value as the bare key, or the upstream's JSON", () => {
    assert.deepEqual(integrationValue("pd", " abc "), { value: "abc" });
    assert.deepEqual(integrationValue("pd", '{"service_key": "abc", "account": "acme"}'), { value: '{"service_key":"abc","account":"acme"}' });
    assert.deepEqual(integrationValue("pd", "k".repeat(33)), { error: "the service key must be at most 32 characters" });
    assert.deepEqual(integrationValue("pd", '{"account": "acme"}'), { error: "service_key must be a non-empty string" });
  });
});

describe("PagerDuty switched off", () => {
  let h: Harness;
  let pagerduty: FakeService;
  let alice: WebClient;
  before(async () => {
    pagerduty = await startFakeService();
    h = await startKindHarness({ MONITOR_PD_ENABLED: "false", MONITOR_PD_API_URL: pagerduty.url });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await pagerduty.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/pd\//);
    assert.equal((await alice.get(`${base}add/pd/`)).status, 404);
    assert.equal(unavailableReason(kindOf("pd")!, h.deps.config), "PagerDuty integrations are off on this server: set MONITOR_PD_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "pd", "abc"));
    assert.equal(channel.last_error, "PagerDuty notifications are not enabled.");
    assert.equal(pagerduty.requests.length, 0);
  });
});
