import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { runAlertCycle } from "../../actions/alert-worker.js";
import { call, createCheckVia } from "../../../test/helpers.js";
import { integrationValue } from "../registry.js";
import { startFakeService, type FakeService } from "../testing/fake-service.js";
import { addIntegration, startKindHarness, type Harness } from "../testing/harness.js";
import { replacePlaceholders } from "./transport.js";

function webhookValue(url: string, extra: Record<string, unknown> = {}) {
  return { method_down: "GET", url_down: url, body_down: "", headers_down: {}, method_up: "GET", url_up: url, body_up: "", headers_up: {}, ...extra };
}

describe("webhook integrations", () => {
  let h: Harness;
  let hook: FakeService;
  before(async () => {
    h = await startKindHarness();
    hook = await startFakeService();
  });
  after(async () => {
    await h.close();
    await hook.close();
  });

  async function alertDown(value: Record<string, unknown>, check: Record<string, unknown>, pingSuffix = "/fail", body = "") {
    hook.requests.length = 0;
    const wh = await addIntegration(h, "webhook", value);
    const c = await createCheckVia(h, { ...check, channels: wh.uuid });
    await h.app.inject({ method: "POST", url: `/ping/${c.uuid}${pingSuffix}`, payload: body });
    await runAlertCycle(h.deps);
    await call(h.app, "POST", `/api/v3/checks/${c.uuid}/pause`, { key: h.keys.api_key });
    return { c, req: hook.requests[0], wh };
  }

  it("substitutes placeholders in the URL, percent-encoding all but $CODE, $SLUG and $STATUS", async () => {
    const { c, req } = await alertDown(webhookValue(`${hook.url}/$STATUS/$CODE/$SLUG?n=$NAME&t=$TAGS&t1=$TAG1&t2=$TAG2&now=$NOW&j=$NAME_JSON`), { name: "Back up/db ✓", slug: "back-up", tags: "prod db" });
    assert.equal(req.method, "GET");
    assert.equal(req.url, `/down/${c.uuid}/back-up?n=Back%20up/db%20%E2%9C%93&t=prod%20db&t1=prod&t2=db&now=2020-01-01T00%3A00%3A00%2B00%3A00&j=%22Back%20up/db%20%5Cu2713%22`);
    assert.equal(req.headers["user-agent"], "healthchecks.io");
    assert.equal(req.body.length, 0);
  });

  it("sends the body only for POST and PUT, with $BODY, $BODY_JSON, $EXITSTATUS and $JSON", async () => {
    const value = webhookValue("", { method_down: "PUT", url_down: `${hook.url}/put`, body_down: '{"b": $BODY_JSON, "x": $EXITSTATUS, "raw": "$BODY", "check": $JSON}', headers_down: { "X-Check": "$NAME" } });
    const { c, req } = await alertDown(value, { name: "Nightly" }, "/3", "line one\nzwei");
    assert.equal(req.method, "PUT");
    assert.equal(req.headers["x-check"], "Nightly");
    assert.equal(req.headers["content-type"], undefined);
    const text = req.body.toString();
    assert.ok(text.startsWith('{"b": "line one\\nzwei", "x": 3, "raw": "line one\nzwei", "check": {'), text);
    const check = JSON.parse(text.slice(text.indexOf('"check": ') + 9, -1));
    assert.equal(check.uuid, c.uuid);
    assert.equal(check.status, "down");

    const get = await alertDown(webhookValue(`${hook.url}/get`, { body_down: "ignored" }), {});
    assert.equal(get.req.method, "GET");
    assert.equal(get.req.body.length, 0);
  });

  it("replaces -1 for $EXITSTATUS when the last ping had none, and XML-escapes non-latin-1 header values", async () => {
    const value = webhookValue("", { method_down: "POST", url_down: `${hook.url}/post`, body_down: "exit=$EXITSTATUS", headers_down: { "X-Name": "$NAME" } });
    const { req } = await alertDown(value, { name: "Žurnāls €" }, "/fail");
    assert.equal(req.body.toString(), "exit=-1");
    assert.equal(Buffer.from(req.headers["x-name"] as string, "latin1").toString("latin1"), "&#381;urn&#257;ls &#8364;");
  });

  it("substitutes only placeholders of the template itself, the first that fits at each $", () => {
    const ctx: [string, string][] = [["$NAME", "$TAGS"], ["$TAGS", "x"], ["$TAG1", "one"]];
    assert.equal(replacePlaceholders("$NAME and $$NAME", ctx), "$TAGS and $$TAGS");
    assert.equal(replacePlaceholders("$TAG10 $TAGS $UNKNOWN", ctx), "one0 x $UNKNOWN");
  });

  it("reports HTTP errors and unreachable hosts as the upstream words them", async () => {
    hook.replies.push({ status: 418 }, { status: 418 }, { status: 418 });
    const { wh } = await alertDown(webhookValue(`${hook.url}/teapot`), {});
    const row = await h.deps.db.selectFrom("channels").select("last_error").where("id", "=", wh.id).executeTakeFirstOrThrow();
    assert.equal(row.last_error, "Received status code 418");
    hook.replies.length = 0;
    const refused = await alertDown(webhookValue("http://127.0.0.1:1/closed"), {});
    const err = await h.deps.db.selectFrom("channels").select("last_error").where("id", "=", refused.wh.id).executeTakeFirstOrThrow();
    assert.equal(err.last_error, "Connection failed");
  });
});

describe("create-integration --value of a webhook", () => {
  it("fills the missing fields and checks URLs and methods", () => {
    const out = integrationValue("webhook", JSON.stringify({ url_down: "https://example.org/down", method_down: "POST", body_down: "$NAME" }));
    assert.deepEqual(JSON.parse((out as { value: string }).value), {
      body_down: "$NAME", body_up: "", headers_down: {}, headers_up: {}, method_down: "POST", method_up: "GET", url_down: "https://example.org/down", url_up: "",
    });
    assert.equal(JSON.parse((integrationValue("webhook", "{}") as { value: string }).value).url_down, "");
    assert.deepEqual(integrationValue("webhook", JSON.stringify({ url_up: "ftp://x" })), { error: "url_up must be an absolute http(s) URL" });
    assert.deepEqual(integrationValue("webhook", JSON.stringify({ url_up: "https://x", method_up: "DELETE" })), { error: "method_up must be GET, POST or PUT" });
  });
});

describe("webhook integrations without private addresses", () => {
  let h: Harness;
  let allowed: FakeService;
  before(async () => {
    allowed = await startFakeService();
    h = await startKindHarness({}, { integrationsAllowPrivateIps: "false", integrationsAllowedHosts: `${new URL(allowed.url).host}, localhost:1` });
  });
  after(async () => {
    await h.close();
    await allowed.close();
  });

  async function lastError(url: string): Promise<string | null> {
    const wh = await addIntegration(h, "webhook", webhookValue(url));
    const c = await createCheckVia(h, { channels: wh.uuid });
    await h.app.inject({ method: "GET", url: `/ping/${c.uuid}/fail` });
    await runAlertCycle(h.deps);
    const row = await h.deps.db.selectFrom("channels").select("last_error").where("id", "=", wh.id).executeTakeFirstOrThrow();
    return row.last_error;
  }

  it("refuses to connect to a private address, naming the settings that lift the refusal", async () => {
    assert.equal(
      await lastError("http://127.0.0.1:9/private"),
      "Connections to private IP addresses are not allowed (set MONITOR_INTEGRATIONS_ALLOW_PRIVATE_IPS=true, or list this host:port in MONITOR_INTEGRATIONS_ALLOWED_HOSTS)",
    );
  });

  it("refuses loopback however the URL spells it, a listening service behind each", async () => {
    const target = await startFakeService();
    const port = new URL(target.url).port;
    for (const host of ["[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::127.0.0.1]", "[64:ff9b::127.0.0.1]", "[2002:7f00:1::]", "2130706433", "0177.0.0.1", "0x7f.1", "[::1]", "localhost"]) {
      assert.match((await lastError(`http://${host}:${port}/spelled`)) ?? "", /^Connections to private IP addresses are not allowed/, host);
    }
    assert.equal(target.requests.length, 0);
    await target.close();
  });

  it("reaches a private host:port listed in MONITOR_INTEGRATIONS_ALLOWED_HOSTS, and only that one", async () => {
    assert.equal(await lastError(`${allowed.url}/own-chat`), "");
    assert.equal(allowed.requests.at(-1)?.url, "/own-chat");
    const port = Number(new URL(allowed.url).port);
    assert.match((await lastError(`http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/other`)) ?? "", /^Connections to private IP addresses are not allowed/);
  });
});
