// Rocket.Chat against a fake incoming webhook: the dashboard form, the message, refusals.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";

describe("Rocket.Chat integrations", () => {
  let h: Harness;
  let rc: FakeService;
  let alice: WebClient;
  before(async () => {
    rc = await startFakeService({ status: 200, body: { success: true } });
    h = await startKindHarness({}, { siteRoot: "https://hc.example.org" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await rc.close();
  });

  const uniqueKey = async (uuid: string) => (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", uuid).executeTakeFirstOrThrow()).unique_key;

  it("is added through the dashboard form as the bare webhook URL, and the API lists it", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/rocketchat/`;
    assert.match((await alice.get(add)).text, /Webhook URL/);
    const bad = await alice.post(add, { name: "", value: "not a url" });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /Webhook URL: enter an http:\/\/ or https:\/\/ URL\./);
    assert.match((await alice.post(add, { name: "", value: "" })).text, /Webhook URL: this field is required\./);
    assert.equal((await alice.post(add, { name: "Ops", value: `${rc.url}/hooks/abc/def` })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Ops").executeTakeFirstOrThrow();
    assert.equal(row.kind, "rocketchat");
    assert.equal(row.value, `${rc.url}/hooks/abc/def`);
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: { id: string; kind: string }) => c.id === row.uuid && c.kind === "rocketchat"));
  });

  it("posts a message with a red attachment of fields, the body only as its size and a link", async () => {
    rc.clear();
    const ch = await addIntegration(h, "rocketchat", `${rc.url}/hooks/abc/def`);
    const { check } = await alertDown(h, ch, { name: "Foo & *Bar*", tags: "a b", schedule: "*/5 * * * *", tz: "Europe/Riga", desc: "Nightly" }, { body: "hello world" });
    const [req] = rc.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/hooks/abc/def");
    assert.equal(req.headers["content-type"], "application/json");
    const url = `https://hc.example.org/cloaked/${await uniqueKey(check.uuid)}/`;
    assert.deepEqual(req.json(), {
      alias: "Mychecks",
      avatar: "https://hc.example.org/static/img/logo.png",
      text: `[Foo & *Bar*](${url}) is DOWN (received a failure signal).`,
      attachments: [
        {
          color: "#d9534f",
          fields: [
            { title: "Description", value: "Nightly" },
            { title: "Project", value: "Alices", short: true },
            { title: "Tags", value: "`a` `b`", short: true },
            { title: "Schedule", value: "\\*/5 \\* \\* \\* \\*", short: true },
            { title: "Time Zone", value: "Europe/Riga", short: true },
            { title: "Total Pings", value: "1", short: true },
            { title: "Last Ping", value: "Failure, now", short: true },
            { title: "Last Ping Body", value: `11 bytes, [show body](${url}#ping-1)`, short: true },
          ],
        },
      ],
    });
  });

  it("says when a check is up again, in green, with the downtime, and sends a test notification", async () => {
    rc.clear();
    const ch = await addIntegration(h, "rocketchat", `${rc.url}/hooks/x`);
    await alertDownThenUp(h, ch, { name: "Nightly", timeout: 86400 }, 5400);
    const up = rc.requests[1].json();
    assert.match(up.text, /^\[Nightly\]\(https:\/\/hc\.example\.org\/cloaked\/[^)]+\/\) is UP\.\nThe downtime lasted 1 hour, 30 minutes\.$/);
    assert.equal(up.attachments[0].color, "#5cb85c");
    assert.deepEqual(up.attachments[0].fields.find((f: { title: string }) => f.title === "Period"), { title: "Period", value: "1 day", short: true });
    rc.clear();
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.match(rc.requests[0].json().text, /^\[TEST\]\(.*\) is DOWN\.$/);
  });

  it("reports a 404 with its status code and keeps the integration, as upstream", async () => {
    rc.clear();
    rc.replies.push({ status: 404, body: { success: false } });
    const { channel } = await alertDown(h, await addIntegration(h, "rocketchat", `${rc.url}/hooks/gone`));
    assert.equal(channel.last_error, "Received status code 404");
    assert.equal(channel.disabled, 0);
  });

  it("takes the webhook URL as create-integration's value", () => {
    assert.deepEqual(integrationValue("rocketchat", " https://chat.example.org/hooks/a/b "), { value: "https://chat.example.org/hooks/a/b" });
    assert.deepEqual(integrationValue("rocketchat", "chat.example.org/hooks"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});

describe("Rocket.Chat switched off", () => {
  let h: Harness;
  let rc: FakeService;
  let alice: WebClient;
  before(async () => {
    rc = await startFakeService();
    h = await startKindHarness({ MONITOR_ROCKETCHAT_ENABLED: "false" });
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await rc.close();
  });

  it("is not offered and fails alerts with the upstream's message", async () => {
    const base = `/projects/${h.project.uuid}/integrations/`;
    assert.doesNotMatch((await alice.get(base)).text, /add\/rocketchat\//);
    assert.equal((await alice.get(`${base}add/rocketchat/`)).status, 404);
    const { channel } = await alertDown(h, await addIntegration(h, "rocketchat", `${rc.url}/h`));
    assert.equal(channel.last_error, "Rocket.Chat notifications are not enabled.");
    assert.equal(rc.requests.length, 0);
  });
});
