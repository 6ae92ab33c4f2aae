import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../src/actions/alertWorker.js";
import { call, createCheckVia, type Harness } from "../helpers.js";
import { addIntegration, startAlertHarness } from "../worker/helpers.js";
import { startReceiver, type Receiver } from "./receiver.js";

describe("Zulip, Slack and ntfy integrations", () => {
  let h: Harness;
  let rx: Receiver;
  before(async () => {
    h = await startAlertHarness();
    rx = await startReceiver();
  });
  after(async () => {
    await h.close();
    await rx.close();
  });

  async function alert(kind: string, value: unknown, check: Record<string, unknown>, ping = "/fail", body = "") {
    rx.requests.length = 0;
    const ch = await addIntegration(h, kind, value);
    const c = await createCheckVia(h, { ...check, channels: ch.uuid });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}${ping}`, payload: body });
    await runAlertCycle(h.deps);
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    const row = await h.deps.db.selectFrom("channels").selectAll().where("id", "=", ch.id).executeTakeFirstOrThrow();
    return { c, req: rx.requests[0], channel: row };
  }

  it("sends a Zulip direct message to a user id as a list, with a custom topic and an escaped description", async () => {
    const { req } = await alert("zulip", { bot_email: "bot@example.org", api_key: "k", mtype: "private", to: "42", topic: "Alerts", site: rx.url }, { name: "A & B", desc: "<b>x</b>" });
    assert.equal(req.url, "/api/v1/messages");
    assert.equal(req.headers["content-type"], "application/x-www-form-urlencoded");
    const form = new URLSearchParams(req.body.toString());
    assert.deepEqual([...form.keys()], ["type", "to", "topic", "content"]);
    assert.equal(form.get("type"), "private");
    assert.equal(form.get("to"), "[42]");
    assert.equal(form.get("topic"), "Alerts");
    assert.match(form.get("content")!, /^\[A &amp; B\]\(.*\) is \*\*DOWN\*\* \(received a failure signal\)\.\n\n\n\n---\n\*\*Description\*\*\n&lt;b&gt;x&lt;\/b&gt;$/);
  });

  it("reports a Zulip error with its message", async () => {
    rx.replies.push({ status: 400, body: JSON.stringify({ result: "error", msg: "Stream 'ops' does not exist" }) });
    const { channel } = await alert("zulip", { bot_email: "bot@example.org", api_key: "k", mtype: "stream", to: "ops", site: rx.url }, {});
    assert.equal(channel.last_error, `Received status code 400 with a message: "Stream 'ops' does not exist"`);
  });

  it("posts a Slack attachment with the check's details", async () => {
    const { c, req } = await alert("slack", `${rx.url}/services/T/B/X`, { name: "Cron job", tags: "a b", schedule: "*/5 * * * *", tz: "Europe/Riga", desc: "Runs often" }, "/fail", "oops");
    assert.equal(req.headers["content-type"], "application/json");
    const payload = JSON.parse(req.body.toString());
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
    assert.ok(c.uuid);
  });

  it("posts to ntfy with the topic, priority, token and a view action", async () => {
    const { req } = await alert("ntfy", { topic: "beacon", url: rx.url, priority: 5, priority_up: 0, token: "tk_1" }, { name: "Queue", timeout: 3600 });
    assert.equal(req.url, "/");
    assert.equal(req.headers.authorization, "Bearer tk_1");
    const payload = JSON.parse(req.body.toString());
    assert.equal(payload.topic, "beacon");
    assert.equal(payload.priority, 5);
    assert.equal(payload.title, "Queue is DOWN");
    assert.equal(payload.markdown, true);
    assert.deepEqual(payload.tags, ["red_circle"]);
    assert.equal(payload.actions[0].label, "View on Mychecks");
    assert.match(payload.message, /^Reason: received a failure signal\.\n\n\*\*Project:\*\* Alices\n\*\*Period:\*\* 1 hour\n\*\*Total Pings:\*\* 1\n\*\*Last Ping:\*\* Failure, now/);
  });

  it("treats an ntfy direction with priority 0 as off", async () => {
    const { req } = await alert("ntfy", { topic: "beacon", url: rx.url, priority: 0, priority_up: 3 }, {});
    assert.equal(req, undefined);
  });
});
