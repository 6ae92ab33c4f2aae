import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

const ACCEPTED = { status: 202, body: { result: "Request will be processed", took: 0.1, requestId: "r1" } };

describe("Opsgenie integrations", () => {
  let h: Harness;
  let opsgenie: FakeService;
  let alice: WebClient;
  before(async () => {
    opsgenie = await startFakeService(ACCEPTED);
    h = await startKindHarness({ MONITOR_OPSGENIE_API_URL: `${opsgenie.url}/us`, MONITOR_OPSGENIE_EU_API_URL: `${opsgenie.url}/eu` });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await opsgenie.close();
  });

  const uniqueKey = async (uuid: string) => (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", uuid).executeTakeFirstOrThrow()).unique_key;

  it("creates an alert aliased by the check's unique key, with the GenieKey and the check's details", async () => {
    opsgenie.clear();
    const ch = await addIntegration(h, "opsgenie", { region: "us", key: "genie-1" });
    const { check } = await alertDown(h, ch, { name: "Foo & Bar", tags: "prod db", desc: "Nightly", timeout: 3600 });
    const [req] = opsgenie.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/us/v2/alerts");
    assert.equal(req.headers.authorization, "GenieKey genie-1");
    assert.equal(req.headers["content-type"], "application/json");
    const row = await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow();
    assert.deepEqual(req.json(), {
      alias: row.unique_key,
      source: "Mychecks",
      tags: ["prod", "db"],
      message: 'The check "Foo &amp; Bar" is DOWN (received a failure signal).',
      description: "Nightly",
      details: {
        Project: "Alices",
        "Total pings": 1,
        "Last ping": "Failure, now",
        Period: "1 hour",
        "Full details": `${h.deps.config.siteRoot}/cloaked/${row.unique_key}/`,
      },
    });
  });

  it("closes the alert by its alias when the check comes back up, in the EU region", async () => {
    opsgenie.clear();
    const ch = await addIntegration(h, "opsgenie", { region: "eu", key: "genie-eu" });
    const { check } = await alertDownThenUp(h, ch, { name: "Cron", schedule: "0 3 * * *", tz: "Europe/Riga" });
    const key = await uniqueKey(check.uuid);
    const [down, up] = opsgenie.requests;
    assert.equal(down.url, "/eu/v2/alerts");
    assert.equal(down.json().details.Schedule, "<code>0 3 * * *</code>");
    assert.equal(down.json().details["Time zone"], "Europe/Riga");
    assert.equal(up.method, "POST");
    assert.equal(up.url, `/eu/v2/alerts/${key}/close?identifierType=alias`);
    assert.equal(up.headers.authorization, "GenieKey genie-eu");
    assert.equal(up.text(), `{"alias": "${key}", "source": "Mychecks"}`);
  });

  it("sends a test notification", async () => {
    opsgenie.clear();
    assert.deepEqual(await sendTest(h, await addIntegration(h, "opsgenie", { region: "us", key: "k" })), { kind: "sent" });
    const payload = opsgenie.requests[0].json();
    assert.equal(payload.message, 'The check "TEST" is DOWN.');
    assert.equal(payload.details["Last ping"], "Never");
    assert.equal(payload.details["Total pings"], 0);
  });

  it("quotes Opsgenie's message when it refuses, and the bare status otherwise", async () => {
    const ch = await addIntegration(h, "opsgenie", { region: "us", key: "wrong" });
    opsgenie.replies.push({ status: 403, body: { message: "Key format is not valid!", took: 0, requestId: "r" } });
    assert.equal((await alertDown(h, ch)).channel.last_error, 'Received status code 403 with a message: "Key format is not valid!"');
    opsgenie.replies.push({ status: 503, body: "<html>unavailable</html>" });
    const { channel } = await alertDown(h, ch);
    assert.equal(channel.last_error, "Received status code 503");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form with a key and a region", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/opsgenie/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.match((await alice.post(add, { name: "", key: "k".repeat(41), region: "us" })).text, /Ensure this value has at most 40 characters \(it has 41\)\./);
    assert.equal((await alice.post(add, { name: "", key: "k", region: "mars" })).status, 400);
    assert.equal((await alice.post(add, { name: "", key: "", region: "us" })).status, 400);
    assert.equal((await alice.post(add, { name: "Genie", key: "  123456  ", region: "eu" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Genie").executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(row.value), { region: "eu", key: "123456" });
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "opsgenie"));
    const edit = await alice.get(`/integrations/${row.uuid}/edit/`);
    assert.doesNotMatch(edit.text, /123456/, "the key is not sent back to the browser");
    assert.equal((await alice.post(`/integrations/${row.uuid}/edit/`, { name: "Genie", key: "", region: "us" })).status, 303);
    const edited = await h.deps.db.selectFrom("channels").select("value").where("uuid", "=", row.uuid).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(edited.value), { region: "us", key: "123456" }, "a blank key keeps the stored one");
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("opsgenie", '{"key": "abc"}'), { value: '{"region":"us","key":"abc"}' });
    assert.deepEqual(integrationValue("opsgenie", '{"key": "abc", "region": "eu"}'), { value: '{"region":"eu","key":"abc"}' });
    assert.deepEqual(integrationValue("opsgenie", '{"key": "abc", "region": "asia"}'), { error: 'region must be "us" or "eu"' });
    assert.deepEqual(integrationValue("opsgenie", "abc"), { error: "--value must be JSON for this kind" });
  });
});

describe("Opsgenie switched off", () => {
  let h: Harness;
  let opsgenie: FakeService;
  before(async () => {
    opsgenie = await startFakeService();
    h = await startKindHarness({ MONITOR_OPSGENIE_ENABLED: "false", MONITOR_OPSGENIE_API_URL: opsgenie.url });
  });
  after(async () => {
    await h.close();
    await opsgenie.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    assert.equal(unavailableReason(kindOf("opsgenie")!, h.deps.config), "Opsgenie integrations are off on this server: set MONITOR_OPSGENIE_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "opsgenie", { region: "us", key: "k" }));
    assert.equal(channel.last_error, "Opsgenie notifications are not enabled.");
    assert.equal(opsgenie.requests.length, 0);
  });
});
