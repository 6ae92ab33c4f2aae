// Upgrading from every earlier migration level, with data. A project is filled through the API
// on a database at today's level (checks with tags, pings, flips, an integration); then, for
// each earlier level, a database migrated only that far gets those rows (the tables and columns
// it has), today's monitor opens it (running the remaining migrations), and must serve the
// checks, pings, flips and integrations exactly as on the database that never needed an upgrade.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, migrateToLatest, openDatabase } from "@beacon/platform";
import { copyRows, freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor } from "../../src/main.js";
import { MIGRATION_TABLE, monitorMigrations } from "../../src/migrations/index.js";
import { call, integration, startHarness, type Harness } from "../helpers.js";

describe("upgrading a monitor database from every earlier migration level", () => {
  let h: Harness;
  let dir: string;
  let reads: string[];
  let expected: unknown[];

  before(async () => {
    h = await startHarness();
    dir = mkdtempSync(join(tmpdir(), "beacon-monitor-upgrades-"));
    await integration(h, "Ops mail", "email");
    await integration(h, "Hook", "webhook");
    const nightly = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "nightly backup", tags: "prod db", desc: "pg_dump at 02:00", timeout: 3600, grace: 600, channels: "*" } });
    const cron = await call(h.app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: "cron job", schedule: "0 3 * * *", tz: "Europe/Riga", grace: 300 } });
    assert.equal(nightly.status, 201);
    assert.equal(cron.status, 201);
    for (const path of [`/ping/${nightly.json.uuid}/start`, `/ping/${nightly.json.uuid}`, `/ping/${cron.json.uuid}`]) {
      h.clock.advance(60_000);
      assert.equal((await call(h.app, "POST", path, { rawBody: "all good" })).status, 200);
    }
    h.clock.advance(60_000);
    assert.equal((await call(h.app, "GET", `/ping/${nightly.json.uuid}/fail`)).status, 200);
    reads = ["/api/v3/checks/", "/api/v3/channels/"];
    for (const uuid of [nightly.json.uuid, cron.json.uuid]) reads.push(`/api/v3/checks/${uuid}`, `/api/v3/checks/${uuid}/pings/`, `/api/v3/checks/${uuid}/flips/`);
    expected = await Promise.all(reads.map(async (url) => (await call(h.app, "GET", url, { key: h.keys.api_key })).json));
  });
  after(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the same checks, pings, flips and integrations after upgrading from each level", async () => {
    const nightly = (expected[0] as { checks: { name: string; status: string; n_pings: number }[] }).checks.find((check) => check.name === "nightly backup");
    assert.deepEqual([nightly?.status, nightly?.n_pings], ["down", 3], "the data to upgrade is what the test meant to write");
    const all = Object.entries(monitorMigrations(h.deps.dialect));
    for (let level = 1; level < all.length; level++) {
      const name = all[level - 1][0];
      const test: TestDatabase = h.deps.dialect === "sqlite" ? { url: `sqlite:${join(dir, `${name}.db`)}`, dialect: "sqlite", release: async () => {} } : await freshDatabaseUrl();
      try {
        const old = openDatabase<any>(test.url);
        try {
          await migrateToLatest(old.db, Object.fromEntries(all.slice(0, level)), MIGRATION_TABLE, old.dialect);
          const copied = await copyRows(h.deps, old, [`${MIGRATION_TABLE}_migrations`]);
          assert.ok(["checks", "pings", "flips", "channels"].every((table) => copied.includes(table)), `${name}: copied ${copied.join(", ")}`);
        } finally {
          await old.close();
        }
        const monitor = await openMonitor(loadMonitorConfig({ databaseUrl: test.url, secretKey: "test-secret" }), { clock: h.clock, log: createLogger("test", "silent") });
        const app = buildMonitorApp(monitor.deps);
        try {
          for (const [i, url] of reads.entries()) {
            const res = await call(app, "GET", url, { key: h.keys.api_key });
            assert.equal(res.status, 200, `from ${name}: GET ${url}: ${res.text}`);
            assert.deepEqual(res.json, expected[i], `from ${name}: GET ${url}`);
          }
          const created = await call(app, "POST", "/api/v3/checks/", { key: h.keys.api_key, body: { name: `made after upgrading from ${name}` } });
          assert.equal(created.status, 201, `from ${name}: a new check: ${created.text}`);
        } finally {
          await app.close();
          await monitor.close();
        }
      } finally {
        await test.release();
      }
    }
  });
});
