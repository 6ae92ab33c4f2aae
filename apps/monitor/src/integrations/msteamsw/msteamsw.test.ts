import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { call } from "../../../test/helpers.js";
import { signedUp, type WebClient } from "../../../test/web/helpers.js";
import { integrationValue, kindOf, unavailableReason } from "../registry.js";
import { addIntegration, alertDown, alertDownThenUp, sendTest, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Microsoft Teams integrations", () => {
  let h: Harness;
  let teams: FakeService;
  let alice: WebClient;
  before(async () => {
    teams = await startFakeService({ status: 202, body: "" });
    h = await startKindHarness();
    alice = await signedUp(h, "alice@example.org");
  });
  after(async () => {
    await h.close();
    await teams.close();
  });

  it("posts an Adaptive Card with a heading, the check's facts and the last ping's body", async () => {
    teams.clear();
    const ch = await addIntegration(h, "msteamsw", `${teams.url}/workflows/abc/triggers/manual/paths/invoke?sig=s1`);
    const { check } = await alertDown(h, ch, { name: "Foo & Bar", tags: "prod db", desc: "Line one\nLine two", schedule: "*/5 * * * *", tz: "Europe/Riga" }, { body: "disk full" });
    const [req] = teams.requests;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/workflows/abc/triggers/manual/paths/invoke?sig=s1");
    assert.equal(req.headers["content-type"], "application/json");
    const key = (await h.deps.db.selectFrom("checks").select("unique_key").where("uuid", "=", check.uuid).executeTakeFirstOrThrow()).unique_key;
    assert.deepEqual(req.json(), {
      type: "message",
      attachments: [
        {
          contentType: "application/vnd.microsoft.card.adaptive",
          contentUrl: null,
          content: {
            $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
            type: "AdaptiveCard",
            fallbackText: "\u201cFoo &amp; Bar\u201d is DOWN.",
            version: "1.2",
            body: [
              { type: "TextBlock", text: "\u{1F534} \u201cFoo &amp; Bar\u201d is DOWN (received a failure signal).", weight: "bolder", size: "medium", wrap: true, style: "heading" },
              {
                type: "FactSet",
                facts: [
                  { title: "Description:", value: "Line one\n\nLine two", short: true },
                  { title: "Project:", value: "Alices", short: true },
                  { title: "Tags:", value: "prod db", short: true },
                  { title: "Schedule:", value: "\u034f*/5 \u034f* \u034f* \u034f* \u034f*", short: true },
                  { title: "Time Zone:", value: "Europe/Riga", short: true },
                  { title: "Total Pings:", value: "1", short: true },
                  { title: "Last Ping:", value: "Failure, now", short: true },
                ],
              },
              { type: "TextBlock", text: "Last Ping Body:", weight: "bolder" },
              { type: "CodeBlock", codeSnippet: "disk full", language: "PlainText" },
            ],
            actions: [{ type: "Action.OpenUrl", title: "View in Mychecks", url: `${h.deps.config.siteRoot}/cloaked/${key}/` }],
          },
        },
      ],
    });
    assert.match(req.text(), /"\\ud83d\\udd34 \\u201cFoo &amp; Bar\\u201d/, "non-ASCII escaped as json.dumps does");
  });

  it("says UP with a green circle when the check recovers", async () => {
    teams.clear();
    await alertDownThenUp(h, await addIntegration(h, "msteamsw", `${teams.url}/wf`), { name: "Sync", timeout: 7200 });
    const up = teams.requests[1].json().attachments[0].content;
    assert.equal(up.fallbackText, "\u201cSync\u201d is UP.");
    assert.equal(up.body[0].text, "\u{1F7E2} \u201cSync\u201d is UP.");
    assert.deepEqual(up.body[1].facts.find((f: any) => f.title === "Period:"), { title: "Period:", value: "2 hours", short: true });
    assert.equal(up.body.length, 2, "no ping body block for an empty body");
  });

  it("sends a test notification, and records a refusal without disabling", async () => {
    teams.clear();
    const ch = await addIntegration(h, "msteamsw", `${teams.url}/wf`);
    assert.deepEqual(await sendTest(h, ch), { kind: "sent" });
    assert.equal(teams.requests[0].json().attachments[0].content.body[0].text, "\u{1F534} \u201cTEST\u201d is DOWN.");
    teams.replies.push({ status: 404, body: "gone" });
    const { channel } = await alertDown(h, ch);
    assert.equal(channel.last_error, "Received status code 404");
    assert.equal(channel.disabled, 0);
  });

  it("is added through the dashboard's form with the workflow's URL", async () => {
    const add = `/projects/${h.project.uuid}/integrations/add/msteamsw/`;
    assert.match((await alice.get(`/projects/${h.project.uuid}/integrations/`)).text, new RegExp(`href="${add}"`));
    await alice.get(add);
    assert.equal((await alice.post(add, { name: "", value: "not a url" })).status, 400);
    assert.match((await alice.post(add, { name: "", value: `https://x.example/${"a".repeat(990)}` })).text, /Ensure this value has at most 1000 characters \(it has 1008\)\./);
    assert.equal((await alice.post(add, { name: "Teams", value: "https://prod.example.logic.azure.com/workflows/1" })).status, 303);
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Teams").executeTakeFirstOrThrow();
    assert.equal(row.value, "https://prod.example.logic.azure.com/workflows/1");
    const listed = await call(h.app, "GET", "/api/v3/channels/", { key: h.keys.api_key });
    assert.ok(listed.json.channels.some((c: any) => c.id === row.uuid && c.kind === "msteamsw"));
  });

  it("stores create-integration's value as the bare URL", () => {
    assert.deepEqual(integrationValue("msteamsw", " https://x.example/wf "), { value: "https://x.example/wf" });
    assert.deepEqual(integrationValue("msteamsw", "ftp://x.example"), { error: "the workflow's webhook URL must be an absolute http(s) URL" });
  });
});

describe("Microsoft Teams switched off", () => {
  let h: Harness;
  let teams: FakeService;
  before(async () => {
    teams = await startFakeService();
    h = await startKindHarness({ MONITOR_MSTEAMS_ENABLED: "false" });
  });
  after(async () => {
    await h.close();
    await teams.close();
  });

  it("is not offered, and alerts fail with the upstream's message without a request", async () => {
    assert.equal(unavailableReason(kindOf("msteamsw")!, h.deps.config), "Microsoft Teams integrations are off on this server: set MONITOR_MSTEAMS_ENABLED=true.");
    const { channel } = await alertDown(h, await addIntegration(h, "msteamsw", `${teams.url}/wf`));
    assert.equal(channel.last_error, "MS Teams notifications are not enabled.");
    assert.equal(teams.requests.length, 0);
  });
});
