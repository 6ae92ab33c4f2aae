import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage } from "node:http";
import { createCheckVia, startHarness, type Harness } from "../helpers.js";
import { signedUp, type WebClient } from "./helpers.js";

describe("integrations pages", () => {
  let h: Harness;
  let alice: WebClient;
  let base: string;

  before(async () => {
    h = await startHarness();
    alice = await signedUp(h, "alice@example.org");
    base = `/projects/${h.project.uuid}/integrations/`;
    await createCheckVia(h, { name: "First" });
    await createCheckVia(h, { name: "Second" });
  });
  after(() => h.close());

  const channel = (name: string) => h.deps.db.selectFrom("channels").selectAll().where("name", "=", name).executeTakeFirstOrThrow();
  const add = async (kind: string, fields: Record<string, string>) => {
    await alice.get(`${base}add/${kind}/`);
    return alice.post(`${base}add/${kind}/`, fields);
  };

  it("offers the five kinds on the integrations page", async () => {
    const page = await alice.get(base);
    for (const kind of ["email", "webhook", "slack", "zulip", "ntfy"]) assert.match(page.text, new RegExp(`${base}add/${kind}/`));
  });

  it("adds an email integration, assigned to every check", async () => {
    const res = await add("email", { name: "Ops mail", value: "ops@example.org", down: "on" });
    assert.equal(res.status, 303);
    const row = await channel("Ops mail");
    assert.equal(row.kind, "email");
    assert.deepEqual(JSON.parse(row.value), { value: "ops@example.org", up: false, down: true });
    const links = await h.deps.db.selectFrom("check_channels").selectAll().where("channel_id", "=", row.id).execute();
    assert.equal(links.length, 2);
    assert.match((await alice.get(base)).text, /2 of 2 checks/);
  });

  it("stores webhook, slack, zulip and ntfy settings as JSON objects", async () => {
    await add("webhook", { name: "Hook", url_down: "https://example.com/down", method_down: "POST", body_down: '{"s": "$STATUS"}', headers_down: "X-Token: abc\nX-Other: 1", url_up: "", method_up: "GET", body_up: "", headers_up: "" });
    assert.deepEqual(JSON.parse((await channel("Hook")).value), {
      method_down: "POST", url_down: "https://example.com/down", body_down: '{"s": "$STATUS"}', headers_down: { "X-Token": "abc", "X-Other": "1" },
      method_up: "GET", url_up: "", body_up: "", headers_up: {},
    });
    await add("slack", { name: "Team chat", url: "https://hooks.slack.com/services/T/B/x" });
    assert.deepEqual(JSON.parse((await channel("Team chat")).value), { url: "https://hooks.slack.com/services/T/B/x" });
    await add("zulip", { name: "Zulip", site: "https://chat.example.org", bot_email: "bot@chat.example.org", api_key: "k3y", mtype: "stream", to: "ops", topic: "" });
    assert.deepEqual(JSON.parse((await channel("Zulip")).value), { bot_email: "bot@chat.example.org", api_key: "k3y", mtype: "stream", to: "ops", site: "https://chat.example.org", topic: "" });
    await add("ntfy", { name: "Phone", url: "https://ntfy.sh/", topic: "beacon-alerts", priority: "5", priority_up: "3", token: "" });
    assert.deepEqual(JSON.parse((await channel("Phone")).value), { url: "https://ntfy.sh", topic: "beacon-alerts", priority: 5, priority_up: 3, token: "" });
  });

  it("re-renders the form with the error and the values typed", async () => {
    const res = await add("webhook", { name: "Broken", url_down: "ftp://example.com", method_down: "POST" });
    assert.equal(res.status, 400);
    assert.match(res.text, /enter an http:\/\/ or https:\/\/ URL/);
    assert.match(res.text, /value="ftp:\/\/example.com"/);
    assert.match((await add("email", { value: "" })).text, /this field is required/);
    assert.match((await add("ntfy", { url: "https://ntfy.sh", topic: "bad topic!", priority: "5", priority_up: "3" })).text, /A topic has 1 to 64/);
    assert.equal((await alice.get(`${base}add/carrier-pigeon/`)).status, 404);
  });

  it("edits an integration without sending its secret back to the browser", async () => {
    const zulip = await channel("Zulip");
    const form = await alice.get(`/integrations/${zulip.uuid}/edit/`);
    assert.doesNotMatch(form.text, /k3y/);
    assert.match(form.text, /Leave empty to keep the current value/);
    const res = await alice.post(`/integrations/${zulip.uuid}/edit/`, { name: "Zulip ops", site: "https://chat.example.org", bot_email: "bot@chat.example.org", api_key: "", mtype: "private", to: "boss@example.org", topic: "" });
    assert.equal(res.status, 303);
    const row = await channel("Zulip ops");
    assert.deepEqual(JSON.parse(row.value), { bot_email: "bot@chat.example.org", api_key: "k3y", mtype: "private", to: "boss@example.org", site: "https://chat.example.org", topic: "" });
  });

  it("assigns an integration to chosen checks only", async () => {
    const hook = await channel("Hook");
    const page = await alice.get(`/integrations/${hook.uuid}/checks/`);
    const uuids = [...page.text.matchAll(/name="check" value="([0-9a-f-]{36})"/g)].map((m) => m[1]);
    assert.equal(uuids.length, 2);
    await alice.post(`/integrations/${hook.uuid}/checks/`, { check: [uuids[1], "00000000-0000-4000-8000-000000000000"] });
    const links = await h.deps.db.selectFrom("check_channels").innerJoin("checks", "checks.id", "check_channels.check_id").select("checks.uuid").where("channel_id", "=", hook.id).execute();
    assert.deepEqual(links.map((l) => l.uuid), [uuids[1]]);
  });

  it("reports why a test notification could not be sent", async () => {
    await alice.get(base);
    const mail = await alice.submit(`/integrations/${(await channel("Ops mail")).uuid}/test/`);
    assert.match(mail.text, /Could not send a test notification to Ops mail: Email not verified/);
    await add("email", { name: "Own mail", value: "alice@example.org", down: "on" });
    const own = await alice.submit(`/integrations/${(await channel("Own mail")).uuid}/test/`);
    assert.match(own.text, /Could not send a test notification to Own mail: Email notifications are not enabled\./);
    await add("webhook", { name: "Local hook", url_down: "http://127.0.0.1:9/hook", method_down: "GET" });
    const local = await alice.submit(`/integrations/${(await channel("Local hook")).uuid}/test/`);
    assert.match(local.text, /Connections to private IP addresses are not allowed/);
    await add("webhook", { name: "Up only", url_up: "https://example.com/up", method_up: "GET" });
    const upOnly = await alice.submit(`/integrations/${(await channel("Up only")).uuid}/test/`);
    assert.match(upOnly.text, /sends nothing when a check goes down/);
  });

  it("removes an integration and its assignments", async () => {
    const phone = await channel("Phone");
    await alice.get(base);
    const res = await alice.post(`/integrations/${phone.uuid}/remove/`);
    assert.equal(res.location, base);
    assert.equal((await h.deps.db.selectFrom("channels").selectAll().where("id", "=", phone.id).execute()).length, 0);
    assert.equal((await h.deps.db.selectFrom("check_channels").selectAll().where("channel_id", "=", phone.id).execute()).length, 0);
  });

  it("lists integrations made elsewhere, with their kind name", async () => {
    const res = await alice.get(base);
    assert.match(res.text, /Ops mail/);
    assert.match(res.text, /down → example\.com/);
  });
});

describe("test notifications through a real transport", () => {
  let h: Harness;
  const received: { method: string; url: string; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", body });
      res.end("ok");
    });
  });

  before(async () => {
    h = await startHarness({ integrationsAllowPrivateIps: "true" });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  after(async () => {
    server.close();
    await h.close();
  });

  it("sends a webhook for a made-up TEST check that went down", async () => {
    const alice = await signedUp(h, "alice@example.org");
    const base = `/projects/${h.project.uuid}/integrations/`;
    const { port } = server.address() as { port: number };
    await alice.get(`${base}add/webhook/`);
    await alice.post(`${base}add/webhook/`, { name: "Receiver", url_down: `http://127.0.0.1:${port}/down?check=$NAME`, method_down: "POST", body_down: "$NAME is $STATUS" });
    const row = await h.deps.db.selectFrom("channels").selectAll().where("name", "=", "Receiver").executeTakeFirstOrThrow();
    const res = await alice.submit(`/integrations/${row.uuid}/test/`);
    assert.match(res.text, /Test notification sent to Receiver\./);
    assert.deepEqual(received, [{ method: "POST", url: "/down?check=TEST", body: "TEST is down" }]);
  });
});
