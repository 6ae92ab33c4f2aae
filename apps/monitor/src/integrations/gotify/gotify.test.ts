// Gotify against a fake Gotify server: the dashboard form, the message and its priorities,
// and refusals.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

describe("Gotify integrations", () => {
  let h: Harness;
  let gotify: FakeService;
  let alice: WebClient;
  before(async () => {
    gotify = await startFakeService({ status: 200, body: { id: 1, appid: 2, message: "m", title: "t", priority: 5 } });
    h = await startKindHarness({}, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await gotify.close();
  });

  const uniqueKey = async (uuid: string) => (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", uuid).executeTakeFirstOrThrow()).unique_key;

  it("is added through the dashboard form, stored as upstream, and listed by the API", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    const page = await alice.get(`${base}add/gotify/`);
    assert.equal(page.status, 200);
    assert.match(page.text, /Gotify Server URL/);
    const res = await alice.post(`${base}add/gotify/`, { name: "Phone", url: `${gotify.url}/sub`, token: "AbCdE.123", priority: "2", priority_up: "9" });
    assert.equal(res.status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Phone").executeTakeFirstOrThrow();
    assert.equal(row.kind, "gotify");
    assert.deepEqual(JSON.parse(row.value), { priority: 2, priority_up: 9, token: "AbCdE.123", url: `${gotify.url}/sub` });
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: { id: string; kind: string }) => c.id === row.uuid && c.kind === "gotify"));

    const edit = await alice.get(`/integrations/${row.uuid}/edit/`);
    assert.doesNotMatch(edit.text, /AbCdE\.123/);
    assert.equal((await alice.post(`/integrations/${row.uuid}/edit/`, { name: "Phone", url: `${gotify.url}/sub`, token: "", priority: "5", priority_up: "0" })).status, 303);
    const edited = await h.deps.db.selectFrom("channels").select("value").where("id", "=", row.id).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(edited.value), { priority: 5, priority_up: 0, token: "AbCdE.123", url: `${gotify.url}/sub` });
  });

  it("refuses a bad URL, a missing token or priority, and a token over 50 characters", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/gotify/`;
    await alice.get(add);
    const cases: [Record<string, string>, RegExp][] = [
      [{ url: "example.org", token: "t", priority: "5", priority_up: "5" }, /Gotify Server URL: enter an http:\/\/ or https:\/\/ URL\./],
      [{ url: "https://g.example.org", token: "", priority: "5", priority_up: "5" }, /Application Token: this field is required\./],
      [{ url: "https://g.example.org", token: "t", priority: "", priority_up: "5" }, /Priority for &quot;down&quot; events: this field is required\./],
      [{ url: "https://g.example.org", token: "t", priority: "5", priority_up: "7" }, /Priority for &quot;up&quot; events: choose one of the options\./],
      [{ url: "https://g.example.org", token: "t".repeat(51), priority: "5", priority_up: "5" }, /Application Token: ensure this value has at most 50 characters\./],
    ];
    for (const [fields, message] of cases) {
      const res = await alice.post(add, { name: "", ...fields });
      assert.equal(res.status, 400, JSON.stringify(fields));
      assert.match(res.text, message);
    }
  });

  it("posts a Markdown message to <server>/message with the token, and the down priority", async () => {
    gotify.clear();
    const ch = await addIntegration(h, "gotify", { url: `${gotify.url}/sub`, token: "a b&c", priority: 9, priority_up: 2 });
    const { check } = await alertDown(h, ch, { name: "Backups <db>" });
    const [req] = gotify.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/sub/message?token=a+b%26c");
    assert.equal(req.headers["content-type"], "application/json");
    const link = `https://hc.example.org/cloaked/${await uniqueKey(check.uuid)}/`;
    assert.equal(
      req.text(),
      `{"title": "Backups <db> is DOWN", "message": "\\ud83d\\udd34 The check [Backups &lt;db&gt;](${link}) is **DOWN** (received a failure signal).", "extras": {"client::display": {"contentType": "text/markdown"}}, "priority": 9}`,
    );
  });

  it("says when a check is up again, with the downtime, the up priority and the other checks", async () => {
    gotify.clear();
    const other = await createCheckVia(h, { name: "Other & co" });
    await h.app.inject({ method: "POST", url: `/ping/${other.uuid}/fail` });
    const { check } = await alertDownThenUp(h, await addIntegration(h, "gotify", { url: `${gotify.url}/`, token: "t", priority: 0, priority_up: 2 }), { name: "Nightly" }, 5400);
    assert.equal(gotify.requests.length, 1, "priority 0 sends nothing");
    const up = gotify.requests[0].json();
    assert.equal(gotify.requests[0].url, "/message?token=t");
    assert.equal(up.title, "Nightly is UP");
    assert.equal(up.priority, 2);
    const lines = up.message.split("\n");
    assert.equal(lines[0], `\u{1F7E2} The check [Nightly](https://hc.example.org/cloaked/${await uniqueKey(check.uuid)}/) is now **UP**.`);
    assert.deepEqual(lines.slice(1, 3), ["", "The downtime lasted 1 hour, 30 minutes."]);
    assert.deepEqual(lines.slice(3), ["", "The following checks are still down:", `- [Other &amp; co](https://hc.example.org/cloaked/${await uniqueKey(other.uuid)}/) (last ping: an hour ago)`]);
    await call(h.app, "POST", `/api/v3/checks/${other.uuid}/pause`, { key: h.keys.api_key });
  });

  it("leaves the priority to the server when none is stored, and sends a test notification", async () => {
    gotify.clear();
    const ch = await addIntegration(h, "gotify", { url: gotify.url, token: "t" });
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    const test = gotify.requests[0].json();
    assert.equal(test.title, "TEST is DOWN");
    assert.equal("priority" in test, false);
  });

  it("reports a refusal with its status code and keeps the integration", async () => {
    gotify.clear();
    gotify.replies.push({ status: 401, body: { error: "Unauthorized", errorCode: 401, errorDescription: "you need to provide a valid access token" } });
    const { channel } = await alertDown(h, await addIntegration(h, "gotify", { url: gotify.url, token: "wrong" }));
    assert.equal(channel.last_error, "Received status code 401");
    assert.equal(channel.disabled, 0);
  });

  it("checks create-integration's value", () => {
    assert.deepEqual(integrationValue("gotify", '{"url": "https://g.example.org", "token": "t", "priority": 5}'), { value: '{"priority":5,"token":"t","url":"https://g.example.org"}' });
    assert.deepEqual(integrationValue("gotify", '{"url": "https://g.example.org"}'), { error: "token must be a non-empty string" });
    assert.deepEqual(integrationValue("gotify", '{"url": "g.example.org", "token": "t"}'), { error: "url must be an absolute http(s) URL" });
    assert.deepEqual(integrationValue("gotify", '{"url": "https://g.example.org", "token": "t", "priority_up": 10}'), { error: "priority_up must be a whole number from 0 (off) to 9" });
  });
});
