// The answers clients get while the database or its disk fails: 503 (507 for a full disk) with
// Retry-After in Healthchecks' error shape, and the same requests succeed once it is back.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { createLogger } from "@beacon/platform";
import { FakeClock, faultyProxy, freshDatabaseUrl, type FaultyProxy, type TestDatabase } from "@beacon/testing";
import { createProject, type NewProjectKeys } from "../../src/actions/projects.js";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor, type Monitor } from "../../src/main.js";
import { call, startHarness, type Harness } from "../helpers.js";

const PG = process.env.TEST_DATABASE_URL;

describe("the monitor's health probes", () => {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it("answers /health/live and /health/ready with every check named", async () => {
    const live = await call(h.app, "GET", "/health/live");
    assert.equal(live.status, 200);
    assert.deepEqual(live.json, { live: true });
    const ready = await call(h.app, "GET", "/health/ready");
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.json, { ready: true, checks: { database: "ok", migrations: "ok" } });
    assert.equal(ready.headers["cache-control"], "no-store");
  });

  it("is not ready once the database holds a migration this program does not know", async () => {
    await h.deps.db.insertInto("monitor_migrations" as never).values({ name: "999_from_the_future", timestamp: new Date().toISOString() } as never).execute();
    try {
      const ready = await call(h.app, "GET", "/health/ready");
      assert.equal(ready.status, 503);
      assert.equal(ready.headers["retry-after"], "5");
      assert.match(ready.json.error, /^not ready \(migrations: migrated by a newer Beacon \(999_from_the_future; this one knows up to 0\d\d_/);
      assert.equal(ready.json.checks.database, "ok");
      assert.equal((await call(h.app, "GET", "/health/live")).status, 200);
    } finally {
      await h.deps.db.deleteFrom("monitor_migrations" as never).where("name" as never, "=", "999_from_the_future" as never).execute();
    }
  });
});

describe("the monitor on a full or read-only SQLite database", { skip: Boolean(PG) }, () => {
  let h: Harness;
  before(async () => (h = await startHarness()));
  after(() => h.close());

  it("answers 507 naming the full disk, 503 for a read-only database, and writes again once space returns", async () => {
    const handle = h.deps.sqlite!;
    const pages = handle.pragma("page_count", { simple: true }) as number;
    handle.pragma(`max_page_count = ${pages}`);
    try {
      // Enough checks to need a new page.
      let full;
      for (let i = 0; i < 200 && !full; i++) {
        const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: `check ${i}`, desc: "x".repeat(2000) } });
        if (res.status !== 201) full = res;
      }
      assert.ok(full, "the database filled up");
      assert.equal(full.status, 507);
      assert.equal(full.headers["retry-after"], "60");
      assert.deepEqual(full.json, { error: "The server's disk is full: the database cannot store this change." });
      assert.equal((await call(h.app, "GET", "/api/v3/checks/", { key: h.keys.api_key })).status, 200, "reads go on");
    } finally {
      handle.pragma("max_page_count = 4294967294");
    }
    handle.pragma("query_only = ON");
    try {
      const res = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "read-only" } });
      assert.equal(res.status, 503);
      assert.deepEqual(res.json, { error: "The database is read-only: it accepts no changes." });
    } finally {
      handle.pragma("query_only = OFF");
    }
    assert.equal((await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "after" } })).status, 201);
  });
});

describe("the monitor while PostgreSQL is unreachable", { skip: !PG }, () => {
  let test: TestDatabase;
  let proxy: FaultyProxy;
  let monitor: Monitor;
  let app: FastifyInstance;
  let keys: NewProjectKeys;

  before(async () => {
    test = await freshDatabaseUrl();
    const target = new URL(test.url);
    proxy = await faultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const config = loadMonitorConfig({ databaseUrl: proxy.urlFor(test.url), secretKey: "test-secret", dbConnectTimeoutMs: "300", dbStatementTimeoutMs: "500" });
    monitor = await openMonitor(config, { clock: new FakeClock("2020-01-01T00:00:00Z"), log: createLogger("test", "silent") });
    app = buildMonitorApp(monitor.deps);
    keys = await createProject(monitor.deps, { name: "Alices", ownerEmail: "alice@example.org" });
  });
  after(async () => {
    proxy.restore();
    await app.close();
    await monitor.close();
    await proxy.close();
    await test.release();
  });

  it("answers 503 with Retry-After within the timeouts, cut or stalled, and serves again once it is back", async () => {
    const check = await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: "before" } });
    assert.equal(check.status, 201);
    for (const fault of ["cut", "stall"] as const) {
      proxy[fault]();
      for (const [method, url, body] of [["POST", "/api/v3/checks/", { name: "during" }], ["GET", "/api/v3/checks/", undefined], ["GET", `/ping/${check.json.ping_url.split("/").pop()}`, undefined]] as const) {
        const started = performance.now();
        const res = await call(app, method, url, { key: keys.api_key, body });
        assert.equal(res.status, 503, `${fault} ${method} ${url}`);
        assert.equal(res.headers["retry-after"], "5");
        assert.match(res.json.error, /^The database (is unavailable|did not answer in time); try again shortly\.$/);
        assert.ok(performance.now() - started < 2500, `${fault} ${method} ${url} took ${performance.now() - started} ms`);
      }
      const ready = await call(app, "GET", "/health/ready");
      assert.equal(ready.status, 503);
      assert.equal((await call(app, "GET", "/health/live")).status, 200);
      proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const after = await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: `after ${fault}` } });
      assert.equal(after.status, 201, after.text);
      assert.equal((await call(app, "GET", "/health/ready")).status, 200);
    }
  });
});
