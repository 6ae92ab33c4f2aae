// Migration 016: a flip held back by a dependency names it on itself. A database one level
// older, holding a dependency's holds as `held_alerts` rows (one closed by the check's up flip,
// one open) and a window's, is opened by today's monitor: the dependency's holds move onto
// their flips, the window's stays, and the worker goes on as if the holds had been recorded
// today: the open hold holds back its check's up alert, the window's alert goes out at its end.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, migrateToLatest, openDatabase } from "@beacon/platform";
import { copyRows, freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { runAlertCycle } from "../../src/actions/alert-worker.js";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor } from "../../src/main.js";
import { MIGRATION_TABLE, monitorMigrations } from "../../src/migrations/index.js";
import type { FakeService } from "../../src/integrations/testing/fake-service.js";
import { createCheckVia, type Harness } from "../helpers.js";
import { addIntegration, useAlertHarness, webhookValue } from "../worker/helpers.js";

describe("migration 016: holds of a dependency on their flips", () => {
  let h: Harness;
  let hook: FakeService;
  let dir: string;
  useAlertHarness((started) => ({ h, hook } = started));
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "beacon-flip-holds-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const T0 = Date.parse("2020-01-01T00:00:00Z");
  const sent = () => hook.requests.splice(0).map((r) => r.url).sort();

  it("moves a dependency's holds onto their flips and keeps holding what they held", async () => {
    h.clock.set(new Date(T0));
    const wh = await addIntegration(h, "webhook", webhookValue(`${hook.url}/$NAME/$STATUS`));
    const timing = { timeout: 60, grace: 60, channels: wh.uuid };
    const router = await createCheckVia(h, { name: "router", ...timing });
    const web = await createCheckVia(h, { name: "web", ...timing, depends_on: router.uuid });
    const db = await createCheckVia(h, { name: "db", ...timing, depends_on: router.uuid });
    const backup = await createCheckVia(h, { name: "backup", ...timing, maintenance: [{ start: "2020-01-01T00:00:00Z", end: "2020-01-01T00:10:00Z" }] });
    const ping = (app: { inject: typeof h.app.inject }, uuid: string) => app.inject({ method: "GET", url: `/ping/${uuid}` });
    for (const c of [router, web, db, backup]) await ping(h.app, c.uuid);
    await runAlertCycle(h.deps);
    h.clock.set(new Date(T0 + 120_001));
    await runAlertCycle(h.deps);
    await ping(h.app, web.uuid);
    await runAlertCycle(h.deps);
    assert.deepEqual(sent(), ["/router/down"], "the state to upgrade is what the test meant to write");

    // The same rows at level 015, where the dependency's holds were rows of `held_alerts`.
    const all = Object.entries(monitorMigrations(h.deps.dialect));
    const level = all.findIndex(([name]) => name === "016_flip_holds");
    const test: TestDatabase = h.deps.dialect === "sqlite" ? { url: `sqlite:${join(dir, "015.db")}`, dialect: "sqlite", release: async () => {} } : await freshDatabaseUrl();
    try {
      const old = openDatabase<any>(test.url);
      try {
        await migrateToLatest(old.db, Object.fromEntries(all.slice(0, level)), MIGRATION_TABLE, old.dialect);
        await copyRows(h.deps, old, [`${MIGRATION_TABLE}_migrations`]);
        const held = await h.deps.db.selectFrom("flips").select(["id", "check_id", "held_by_name", "held_by_uuid"]).where("held_by_uuid", "is not", null).orderBy("id").execute();
        assert.equal(held.length, 2);
        const webUp = await h.deps.db.selectFrom("flips").select("created").where("new_status", "=", "up").orderBy("id", "desc").executeTakeFirstOrThrow();
        await old.db
          .insertInto("held_alerts")
          .values(held.map((f, i) => ({ flip_id: f.id, check_id: f.check_id, dependency_name: f.held_by_name, dependency_uuid: f.held_by_uuid, released: i === 0 ? webUp.created : null })))
          .execute();
      } finally {
        await old.close();
      }

      const monitor = await openMonitor(loadMonitorConfig({ databaseUrl: test.url, secretKey: "test-secret", integrationsAllowPrivateIps: "true" }), { clock: h.clock, log: createLogger("test", "silent") });
      const app = buildMonitorApp(monitor.deps);
      try {
        const flips = await monitor.deps.db
          .selectFrom("flips")
          .innerJoin("checks", "checks.id", "flips.check_id")
          .select(["checks.name", "flips.new_status", "flips.held_by_name", "flips.held_by_uuid"])
          .where("flips.held_by_uuid", "is not", null)
          .orderBy("flips.id")
          .execute();
        assert.deepEqual(flips, [
          { name: "web", new_status: "down", held_by_name: "router", held_by_uuid: router.uuid },
          { name: "db", new_status: "down", held_by_name: "router", held_by_uuid: router.uuid },
        ]);
        const rows = await monitor.deps.db.selectFrom("held_alerts").innerJoin("checks", "checks.id", "held_alerts.check_id").select(["checks.name", "held_alerts.released"]).execute();
        assert.deepEqual(rows, [{ name: "backup", released: null }], "the window's hold stays");

        // The router and db come back: db's up alert is held, as its downtime's was.
        await ping(app, router.uuid);
        await ping(app, db.uuid);
        await runAlertCycle(monitor.deps);
        assert.deepEqual(sent(), ["/router/up"]);
        // web's hold was closed by its up flip: its next downtime alerts, with the router up.
        await app.inject({ method: "GET", url: `/ping/${web.uuid}/fail` });
        await runAlertCycle(monitor.deps);
        assert.deepEqual(sent(), ["/web/down"]);
        // At the window's end its held alert goes out; the router and db, quiet since, go down
        // again, and db's alert is held by the router once more.
        h.clock.set(new Date(T0 + 600_000));
        await runAlertCycle(monitor.deps);
        assert.deepEqual(sent(), ["/backup/down", "/router/down"]);
      } finally {
        await app.close();
        await monitor.close();
      }
    } finally {
      await test.release();
    }
  });
});
