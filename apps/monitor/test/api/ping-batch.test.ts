// Pings written in batches (group commit on both databases): a burst over many checks at once
// must leave each check exactly as the same pings one after another would.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "@beacon/platform";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor } from "../../src/main.js";
import { checkRow, createCheckVia, startHarness, type Harness } from "../helpers.js";

describe("a burst of pings over many checks", () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  it("counts, orders and flips every check's pings as if one by one", async () => {
    const checks = await Promise.all(Array.from({ length: 40 }, (_, i) => createCheckVia(h, { name: `burst ${i}` })));
    // Per check, one after another: start (rid A), success (rid A), fail, success; the 40 checks at once.
    const rid = "00000000-0000-4000-8000-000000000001";
    const suffixes = [`/start?rid=${rid}`, `?rid=${rid}`, "/fail", ""];
    const results = (
      await Promise.all(
        checks.map(async (c) => {
          const answers = [];
          for (const suffix of suffixes) answers.push(await h.app.inject({ method: "GET", url: `/ping/${c.uuid}${suffix}` }));
          return answers;
        }),
      )
    ).flat();
    assert.ok(results.every((r) => r.statusCode === 200));
    for (const c of checks) {
      const row = await checkRow(h, c.uuid);
      assert.equal(row.n_pings, 4);
      assert.equal(row.status, "up");
      assert.equal(row.last_start, null);
      const pings = await h.deps.db.selectFrom("pings").select(["n", "kind", "rid"]).where("check_id", "=", row.id).orderBy("id").execute();
      assert.deepEqual(pings.map((p) => [p.n, p.kind]), [[1, "start"], [2, null], [3, "fail"], [4, null]]);
      const flips = await h.deps.db.selectFrom("flips").select(["old_status", "new_status"]).where("check_id", "=", row.id).orderBy("id").execute();
      assert.deepEqual(flips.map((f) => [f.old_status, f.new_status]), [["new", "up"], ["up", "down"], ["down", "up"]]);
    }
  });

  it("plans a ping on the check as changed since this process's last ping (timeout, pause, deletion)", async () => {
    const c = await createCheckVia(h, { name: "changing", timeout: 60, grace: 60 });
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 200);
    await h.app.inject({ method: "POST", url: `/api/v3/checks/${c.uuid}`, headers: { "x-api-key": h.keys.api_key }, payload: JSON.stringify({ timeout: 3600 }) });
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 200);
    let row = await checkRow(h, c.uuid);
    assert.equal(row.n_pings, 2);
    assert.equal(row.alert_after, row.last_ping! + 3_660_000);
    await h.app.inject({ method: "POST", url: `/api/v3/checks/${c.uuid}`, headers: { "x-api-key": h.keys.api_key }, payload: JSON.stringify({ manual_resume: true }) });
    await h.app.inject({ method: "POST", url: `/api/v3/checks/${c.uuid}/pause`, headers: { "x-api-key": h.keys.api_key } });
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 200);
    row = await checkRow(h, c.uuid);
    assert.equal(row.status, "paused");
    assert.equal(row.n_pings, 3);
    await h.app.inject({ method: "DELETE", url: `/api/v3/checks/${c.uuid}`, headers: { "x-api-key": h.keys.api_key } });
    assert.equal((await h.app.inject({ method: "GET", url: `/ping/${c.uuid}` })).statusCode, 404);
  });

  it("answers an unknown check 404 without failing the pings batched with it", async () => {
    const c = await createCheckVia(h, { name: "known" });
    const unknown = "00000000-0000-4000-8000-00000000dead";
    const results = await Promise.all([c.uuid, unknown, c.uuid].map((u) => h.app.inject({ method: "GET", url: `/ping/${u}` })));
    assert.deepEqual(results.map((r) => r.statusCode), [200, 404, 200]);
    assert.equal((await checkRow(h, c.uuid)).n_pings, 2);
  });
});

describe("two processes pinging the same checks", () => {
  let h: Harness;
  before(async () => {
    // On SQLite a file, so that the second process shares it (PostgreSQL: the harness's schema).
    const file = join(mkdtempSync(join(tmpdir(), "beacon-ping-batch-")), "monitor.db");
    h = process.env.TEST_DATABASE_URL ? await startHarness() : await startHarness({ databaseUrl: `sqlite:${file}` });
  });
  after(() => h.close());

  it("loses no ping and numbers each check's pings 1, 2, 3… without a gap or a repeat", async () => {
    const other = await openMonitor(loadMonitorConfig({ databaseUrl: h.deps.config.databaseUrl, secretKey: "test-secret" }, {}), { clock: h.clock, log: createLogger("test", "silent") });
    const otherApp = buildMonitorApp(other.deps);
    try {
      const checks = await Promise.all(Array.from({ length: 5 }, (_, i) => createCheckVia(h, { name: `shared ${i}` })));
      const apps = [h.app, otherApp];
      // Both ready first, so that the two processes' batches overlap rather than take turns.
      await Promise.all(apps.map((app) => app.ready()));
      for (let wave = 0; wave < 4; wave++) {
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => apps[i % 2].inject({ method: "GET", url: `/ping/${checks[i % 5].uuid}` })));
        assert.ok(results.every((r) => r.statusCode === 200));
      }
      for (const c of checks) {
        const row = await checkRow(h, c.uuid);
        assert.equal(row.n_pings, 40);
        const ns = (await h.deps.db.selectFrom("pings").select("n").where("check_id", "=", row.id).orderBy("n").execute()).map((p) => p.n);
        assert.deepEqual(ns, Array.from({ length: 40 }, (_, i) => i + 1));
      }
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
