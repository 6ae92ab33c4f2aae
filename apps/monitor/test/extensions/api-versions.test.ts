// Every extension endpoint (docs/monitor-extensions.md) in API v1 and v2 answers what
// Healthchecks answers for its URL, its 404 page or its own route's answer, and writes nothing;
// in v3 each answers a preflight, refuses a method it does not take with a 405 and redirects its
// URL without the final slash. The table below must name every extension route.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { apiRoutes } from "../../src/routes/index.js";
import { call, createCheckVia, startHarness, type Harness } from "../helpers.js";

/** Each extension operation and what v1 and v2 answer for it: Healthchecks' 404, or its route's answer. */
const IN_V1_AND_V2: Record<string, number> = {
  "GET checks/<uuid>/uptime/": 404,
  "POST channels/": 405,
  "POST channels/<uuid>": 404,
  "DELETE channels/<uuid>": 404,
  "POST channels/<uuid>/test/": 404,
  "POST project/keys/<str:key>/rotate/": 404,
  "GET checks/<uuid>/maintenance/": 404,
  "POST checks/<uuid>/maintenance/": 404,
  "DELETE checks/<uuid>/maintenance/<uuid:window_id>": 404,
  "GET project/maintenance/": 404,
  "POST project/maintenance/": 404,
  "DELETE project/maintenance/<uuid:window_id>": 404,
};

describe("extension endpoints across API versions", () => {
  let h: Harness;
  let url: (path: string) => string;
  let state: () => Promise<unknown>;

  before(async () => {
    h = await startHarness();
    const check = await createCheckVia(h, { name: "db" });
    const channel = (await call(h.app, "POST", "/api/v3/channels/", { key: h.keys.api_key, body: { kind: "webhook", name: "hook", value: { url_down: "https://example.org/down" } } })).json as { id: string };
    const window = (await call(h.app, "POST", "/api/v3/project/maintenance/", { key: h.keys.api_key, body: { start: "2020-01-05T22:00:00Z", end: "2020-01-06T02:00:00Z" } })).json as { id: string };
    const checkWindow = (await call(h.app, "POST", `/api/v3/checks/${check.uuid}/maintenance/`, { key: h.keys.api_key, body: { start: "2020-01-05T22:00:00Z", end: "2020-01-06T02:00:00Z" } })).json as { id: string };
    assert.ok(channel.id && window.id && checkWindow.id);
    url = (path) =>
      path
        .replace("checks/<uuid>/maintenance/<uuid:window_id>", `checks/${check.uuid}/maintenance/${checkWindow.id}`)
        .replace("project/maintenance/<uuid:window_id>", `project/maintenance/${window.id}`)
        .replace("checks/<uuid>", `checks/${check.uuid}`)
        .replace("channels/<uuid>", `channels/${channel.id}`)
        .replace("<str:key>", "ping_key");
    // What a write through an extension would change: keys, integrations and windows.
    state = async () => [
      await h.deps.db.selectFrom("projects").select(["api_key_hash", "api_key_readonly_hash", "ping_key"]).execute(),
      await h.deps.db.selectFrom("channels").selectAll().execute(),
      (await call(h.app, "GET", "/api/v3/project/maintenance/", { key: h.keys.api_key })).json,
      (await call(h.app, "GET", `/api/v3/checks/${check.uuid}/maintenance/`, { key: h.keys.api_key })).json,
    ];
  });
  after(() => h.close());

  const operations = () => apiRoutes(h.deps).filter((r) => r.extension).flatMap((r) => Object.keys(r.handlers).map((method) => ({ method, path: r.path })));

  it("lists every extension operation in this test's table", () => {
    assert.deepEqual(operations().map((o) => `${o.method} ${o.path}`).sort(), Object.keys(IN_V1_AND_V2).sort());
  });

  it("answers in v1 and v2 as Healthchecks does, its 404 page for a URL it does not have, and writes nothing", async () => {
    const before = await state();
    const notFound = await call(h.app, "GET", "/api/v1/no-such-endpoint/", { key: h.keys.api_key });
    for (const version of [1, 2]) {
      for (const { method, path } of operations()) {
        const res = await call(h.app, method, `/api/v${version}/${url(path)}`, { key: h.keys.api_key, body: method === "GET" ? undefined : { kind: "email", value: "a@example.org", start: "2020-01-05T22:00:00Z", end: "2020-01-06T02:00:00Z" } });
        const expected = IN_V1_AND_V2[`${method} ${path}`];
        assert.equal(res.status, expected, `${method} /api/v${version}/${path}: ${res.text.slice(0, 200)}`);
        if (expected === 404) assert.equal(res.text, notFound.text, `${method} /api/v${version}/${path} is Healthchecks' 404 page`);
      }
    }
    assert.deepEqual(await state(), before);
  });

  it("answers in v3 a preflight with the methods it takes, another method with 405, and the URL without its slash with a 301", async () => {
    const paths = [...new Set(operations().map((o) => o.path))].filter((p) => p !== "channels/");
    for (const path of paths) {
      const methods = operations().filter((o) => o.path === path).map((o) => o.method);
      const preflight = await call(h.app, "OPTIONS", `/api/v3/${url(path)}`);
      assert.equal(preflight.status, 204, `OPTIONS ${path}`);
      assert.equal(preflight.headers["access-control-allow-methods"], [...methods, "OPTIONS"].join(", "), path);
      const other = methods.includes("PUT") ? "PATCH" : "PUT";
      assert.equal((await call(h.app, other, `/api/v3/${url(path)}`, { key: h.keys.api_key })).status, 405, `${other} ${path}`);
      if (path.endsWith("/")) {
        const bare = await call(h.app, methods[0], `/api/v3/${url(path).slice(0, -1)}`, { key: h.keys.api_key });
        assert.deepEqual([bare.status, bare.headers.location], [301, `/api/v3/${url(path)}`], path);
      }
    }
    // channels/ is also Healthchecks' URL: its route answers everything but a POST with a kind.
    const preflight = await call(h.app, "OPTIONS", "/api/v3/channels/");
    assert.equal(preflight.headers["access-control-allow-methods"], "GET, OPTIONS");
  });
});
