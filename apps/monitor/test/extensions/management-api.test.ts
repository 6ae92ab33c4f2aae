// The management API for integrations and keys: create, update, test and delete integrations,
// rotate keys; read-write keys only; absent from API v1 and v2.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { call, createCheckVia, secondProject, type Harness } from "../helpers.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { useAlertHarness } from "../worker/helpers.js";

describe("the management API for integrations and keys", () => {
  let h: Harness;
  let hook: FakeService;
  useAlertHarness((started) => ({ h, hook } = started));

  const api = (method: string, path: string, body?: unknown, key = h.keys.api_key, version = 3) => call(h.app, method, `/api/v${version}/${path}`, { key, body });
  const webhook = (url: string) => ({ method_down: "POST", url_down: url, body_down: "$NAME is $STATUS", headers_down: {}, method_up: "GET", url_up: "", body_up: "", headers_up: {} });

  it("creates an integration that the upstream's listing then shows, and a check can use", async () => {
    const res = await api("POST", "channels/", { kind: "webhook", name: "Ops hook", value: webhook(`${hook.url}/down`) });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.json), ["id", "name", "kind"]);
    assert.equal(res.json.name, "Ops hook");
    const listed = await api("GET", "channels/");
    assert.deepEqual(listed.json.channels.at(-1), res.json);
    const check = await createCheckVia(h, { name: "uses it", channels: res.json.id });
    assert.equal(check.channels, res.json.id);
  });

  it("takes a string value as the dashboard stores it, e.g. a Slack webhook URL from its OAuth flow", async () => {
    const res = await api("POST", "channels/", { kind: "slack", name: "team", value: "https://hooks.slack.com/services/T0/B0/xyz" });
    assert.equal(res.status, 201, res.text);
    const row = await h.deps.db.selectFrom("channels").select("value").where("uuid", "=", res.json.id).executeTakeFirstOrThrow();
    assert.equal(row.value, "https://hooks.slack.com/services/T0/B0/xyz");
  });

  it("refuses unknown kinds, bad names and values the kind refuses", async () => {
    assert.deepEqual((await api("POST", "channels/", { kind: "carrier-pigeon" })).json, { error: "unknown integration kind: carrier-pigeon" });
    assert.deepEqual((await api("POST", "channels/", { kind: 5 })).json, { error: "json validation error: kind is not a string" });
    assert.deepEqual((await api("POST", "channels/", { kind: "webhook", name: 5 })).json, { error: "json validation error: name is not a string" });
    assert.deepEqual((await api("POST", "channels/", { kind: "webhook", name: "n".repeat(101) })).json, { error: "json validation error: name is too long" });
    assert.deepEqual((await api("POST", "channels/", { kind: "webhook", value: [1] })).json, { error: "json validation error: value is not a string or an object" });
    const bad = await api("POST", "channels/", { kind: "webhook", value: { url_down: "ftp://x" } });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error, /^invalid value for webhook: /);
  });

  it("updates the name and value, tests the integration for real, and deletes it", async () => {
    const created = (await api("POST", "channels/", { kind: "webhook", name: "before", value: webhook(`${hook.url}/old`) })).json;
    const updated = await api("POST", `channels/${created.id}`, { name: "after", value: webhook(`${hook.url}/new`) });
    assert.deepEqual(updated.json, { id: created.id, name: "after", kind: "webhook" });
    hook.requests.length = 0;
    const tested = await api("POST", `channels/${created.id}/test/`);
    assert.deepEqual(tested.json, { result: "sent" });
    assert.equal(hook.requests.length, 1);
    assert.equal(hook.requests[0].url, "/new");
    assert.equal(hook.requests[0].body.toString(), "TEST is down");
    const deleted = await api("DELETE", `channels/${created.id}`);
    assert.deepEqual(deleted.json, { id: created.id, name: "after", kind: "webhook" });
    assert.equal((await api("POST", `channels/${created.id}`, { name: "gone" })).status, 404);
  });

  it("reports a failed test delivery", async () => {
    const created = (await api("POST", "channels/", { kind: "webhook", name: "dead", value: webhook("http://127.0.0.1:9/") })).json;
    const tested = await api("POST", `channels/${created.id}/test/`);
    assert.equal(tested.json.result, "failed");
    assert.equal(typeof tested.json.error, "string");
  });

  it("rotates each key: the old one stops working at once, the new one works", async () => {
    const ro = await api("POST", "project/keys/api_key_readonly/rotate/");
    assert.equal(ro.status, 200);
    assert.match(ro.json.api_key_readonly, /^[A-Za-z0-9_-]{32}$/);
    assert.equal((await api("GET", "checks/", undefined, h.keys.api_key_readonly)).status, 401);
    assert.equal((await api("GET", "checks/", undefined, ro.json.api_key_readonly)).status, 200);
    const rw = await api("POST", "project/keys/api_key/rotate/");
    assert.equal((await api("GET", "checks/", undefined, h.keys.api_key)).status, 401);
    h.keys.api_key = rw.json.api_key;
    assert.equal((await api("GET", "checks/")).status, 200);
    assert.equal((await api("POST", "project/keys/ping_key/rotate/")).json.ping_key.length > 0, true);
    assert.equal((await api("POST", "project/keys/other/rotate/")).status, 404);
  });

  it("takes read-write keys only, and keeps to the key's project", async () => {
    const ro = (await api("POST", "project/keys/api_key_readonly/rotate/")).json.api_key_readonly;
    assert.deepEqual((await api("POST", "channels/", { kind: "webhook" }, ro)).json, { error: "wrong api key" });
    assert.equal((await api("POST", "project/keys/api_key/rotate/", undefined, ro)).status, 401);
    const mine = (await api("POST", "channels/", { kind: "webhook", name: "mine" })).json;
    const theirs = await secondProject(h);
    assert.equal((await api("POST", `channels/${mine.id}`, { name: "stolen" }, theirs.api_key)).status, 403);
    assert.equal((await api("DELETE", `channels/${mine.id}`, undefined, theirs.api_key)).status, 403);
    assert.equal((await api("POST", `channels/${mine.id}/test/`, undefined, theirs.api_key)).status, 403);
  });

  it("leaves API v1 and v2 as the upstream's: POST channels/ is not allowed, the rest is not found", async () => {
    for (const version of [1, 2]) {
      const post = await api("POST", "channels/", { kind: "webhook" }, h.keys.api_key, version);
      assert.equal(post.status, 405);
      assert.equal(post.headers["access-control-allow-methods"], "GET, OPTIONS");
      const mine = (await api("POST", "channels/", { kind: "webhook", name: "v3" })).json;
      assert.equal((await api("DELETE", `channels/${mine.id}`, undefined, h.keys.api_key, version)).status, 404);
      assert.equal((await api("POST", "project/keys/api_key/rotate/", undefined, h.keys.api_key, version)).status, 404);
    }
    const get = await api("GET", "channels/");
    assert.equal(get.headers["access-control-allow-methods"], "GET, OPTIONS");
  });

  it("answers a v3 POST to channels/ without a kind as the upstream does, before reading the key", async () => {
    for (const body of [undefined, { name: "x" }, "not json"]) {
      const res = await call(h.app, "POST", "/api/v3/channels/", typeof body === "string" ? { rawBody: body } : { body, key: "wrong" });
      assert.equal(res.status, 405);
      assert.equal(res.headers["access-control-allow-methods"], "GET, OPTIONS");
    }
  });
});
