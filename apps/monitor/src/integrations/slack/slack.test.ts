import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { integrationValue } from "../registry.js";
import { addIntegration, alertDown, startKindHarness, type Harness } from "../testing/harness.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";

describe("Slack integrations", () => {
  let h: Harness;
  let slack: FakeService;
  before(async () => {
    h = await startKindHarness();
    slack = await startFakeService();
  });
  after(async () => {
    await h.close();
    await slack.close();
  });

  it("posts a Slack attachment with the check's details", async () => {
    slack.clear();
    const ch = await addIntegration(h, "slack", `${slack.url}/services/T/B/X`);
    await alertDown(h, ch, { name: "Cron job", tags: "a b", schedule: "*/5 * * * *", tz: "Europe/Riga", desc: "Runs often" }, { body: "oops" });
    const [req] = slack.requests;
    assert.equal(req.url, "/services/T/B/X");
    assert.equal(req.headers["content-type"], "application/json");
    const payload = req.json();
    assert.equal(payload.username, "Mychecks");
    const [a] = payload.attachments;
    assert.equal(a.color, "danger");
    assert.equal(a.fallback, 'The check "Cron job" is DOWN.');
    assert.equal(a.title, "\u201cCron job\u201d is DOWN.");
    assert.equal(a.text, "Reason: received a failure signal.");
    assert.ok(a.title_link.endsWith("/"));
    assert.deepEqual(a.fields, [
      { title: "Description", value: "Runs often" },
      { title: "Project", value: "Alices", short: true },
      { title: "Tags", value: "`a` `b`", short: true },
      { title: "Schedule", value: "\u034f*/5 \u034f* \u034f* \u034f* \u034f*", short: true },
      { title: "Time Zone", value: "Europe/Riga", short: true },
      { title: "Total Pings", value: "1", short: true },
      { title: "Last Ping", value: "Failure, now", short: true },
      { title: "Last Ping Body", value: "```\noops\n```" },
    ]);
  });

  it("disables the integration when Slack answers 404 or 400 invalid_token", async () => {
    for (const reply of [{ status: 404, body: "no_service" }, { status: 400, body: "invalid_token" }]) {
      slack.clear();
      slack.replies.push(reply);
      const ch = await addIntegration(h, "slack", `${slack.url}/services/T/B/gone`);
      const { channel } = await alertDown(h, ch);
      assert.equal(slack.requests.length, 1, "not retried");
      assert.equal(channel.disabled, 1);
      assert.equal(channel.last_error, `Received status code ${reply.status}`);
    }
  });

  it("stores create-integration's value as the bare webhook URL", () => {
    assert.deepEqual(integrationValue("slack", JSON.stringify({ url: "https://hooks.slack.com/services/T/B/X" })), { value: "https://hooks.slack.com/services/T/B/X" });
    assert.deepEqual(integrationValue("slack", JSON.stringify({ incoming_webhook: { url: "https://hooks.slack.com/services/T/B/Y" } })), { value: "https://hooks.slack.com/services/T/B/Y" });
    assert.deepEqual(integrationValue("slack", "ftp://example.org"), { error: "the webhook URL must be an absolute http(s) URL" });
  });
});

describe("Slack and Mattermost switched off", () => {
  let h: Harness;
  let slack: FakeService;
  before(async () => {
    h = await startKindHarness({ MONITOR_SLACK_ENABLED: "false", MONITOR_MATTERMOST_ENABLED: "false" });
    slack = await startFakeService();
  });
  after(async () => {
    await h.close();
    await slack.close();
  });

  it("fails their alerts with the upstream's messages and sends nothing", async () => {
    const s = await alertDown(h, await addIntegration(h, "slack", `${slack.url}/s`));
    assert.equal(s.channel.last_error, "Slack notifications are not enabled.");
    const m = await alertDown(h, await addIntegration(h, "mattermost", `${slack.url}/m`));
    assert.equal(m.channel.last_error, "Mattermost notifications are not enabled.");
    assert.equal(slack.requests.length, 0);
  });
});

describe("Mattermost integrations", () => {
  let h: Harness;
  let mattermost: FakeService;
  before(async () => {
    h = await startKindHarness();
    mattermost = await startFakeService();
  });
  after(async () => {
    await h.close();
    await mattermost.close();
  });

  it("posts Slack's message to the webhook URL, and stays enabled on a 404 as the upstream does", async () => {
    const ch = await addIntegration(h, "mattermost", `${mattermost.url}/hooks/abc`);
    await alertDown(h, ch, { name: "Sync" });
    assert.equal(mattermost.requests[0].url, "/hooks/abc");
    assert.equal(mattermost.requests[0].json().attachments[0].title, "\u201cSync\u201d is DOWN.");
    mattermost.replies.push({ status: 404, body: "Unable to find the webhook" });
    const { channel } = await alertDown(h, ch, { name: "Sync 2" });
    assert.equal(channel.disabled, 0);
    assert.equal(channel.last_error, "Received status code 404");
  });
});
