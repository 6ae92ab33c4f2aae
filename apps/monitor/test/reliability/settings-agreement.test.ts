// Two monitors started in this process on one database (a SQLite file, or a PostgreSQL schema
// when TEST_DATABASE_URL is set): the second starts only when the settings every process must
// share agree with those of the first (docs/scaling-monitor.md).
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fingerprint } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { loadMonitorConfig } from "../../src/config.js";
import { startMonitor } from "../../src/main.js";

type Started = Awaited<ReturnType<typeof startMonitor>>;

const REFUSAL = /^MONITOR_SITE_ROOT and MONITOR_PING_ENDPOINT differ from the process \d+ on \S+ serving this database since \d\d:\d\d:\d\d UTC; set the same value on every process \(or stop that one first\)$/;

describe("settings every monitor process on one database must share", () => {
  let dir: string;
  let testDb: TestDatabase | undefined;
  let databaseUrl: string;
  const running: Started[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-monitor-agreement-"));
    testDb = process.env.TEST_DATABASE_URL ? await freshDatabaseUrl() : undefined;
    databaseUrl = testDb?.url ?? `sqlite:${join(dir, "monitor.db")}`;
  });
  after(async () => {
    for (const started of running) await stopped(started);
    await testDb?.release();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (settings: { siteRoot?: string; secretKey?: string; trustProxy?: string } = {}) => {
    const config = loadMonitorConfig({ databaseUrl, port: "0", alertWorker: "false", siteRoot: "https://hc.example.test", ...settings });
    const started = await startMonitor(config);
    running.push(started);
    return started;
  };
  async function stopped(started: Started) {
    await started.app.close();
    await started.monitor.close();
  }
  const stop = (started: Started) => stopped(running.splice(running.indexOf(started), 1)[0]);
  const rows = (started: Started) => started.monitor.deps.db.selectFrom("serving_processes" as any).selectAll().execute() as Promise<any[]>;

  it("starts a second process with the same settings, the secret key kept in the database counting as equal", async () => {
    const first = await start();
    const second = await start();
    assert.equal((await fetch(`${second.address}/api/v3/status/`)).status, 200);
    assert.equal((await rows(first)).length, 2);
    await stop(second);
    await stop(first);
  });

  it("refuses a process whose MONITOR_SITE_ROOT (and so its ping endpoint) differs from a live one", async () => {
    const first = await start();
    await assert.rejects(start({ siteRoot: "https://other.example.test" }), (error: Error) => {
      assert.equal(error.name, "StartupError");
      assert.match(error.message, REFUSAL);
      assert.ok(error.message.includes(`process ${process.pid} on `), error.message);
      return true;
    });
    await assert.rejects(start({ trustProxy: "true" }), { name: "StartupError", message: /^MONITOR_TRUST_PROXY differs from/ });
    await assert.rejects(start({ secretKey: "a-secret-set-here-only" }), { name: "StartupError", message: /^MONITOR_SECRET_KEY differs from/ });
    const left = await rows(first);
    assert.equal(left.length, 1, "a refused process leaves no row");
    assert.ok(!left[0].fingerprints.includes(first.monitor.deps.secretKey), "the secret itself is never stored");
    assert.equal(JSON.parse(left[0].fingerprints).MONITOR_SECRET_KEY, fingerprint(first.monitor.deps.secretKey));
    await stop(first);
  });

  it("ignores and prunes a process not seen for two minutes", async () => {
    const first = await start();
    await first.monitor.deps.db.updateTable("serving_processes" as any).set({ seen_at: Date.now() - 120_000 } as any).execute();
    const second = await start({ siteRoot: "https://other.example.test" });
    const left = await rows(second);
    assert.equal(left.length, 1, "the stale row is pruned");
    assert.equal(JSON.parse(left[0].fingerprints).MONITOR_SITE_ROOT, fingerprint("https://other.example.test"));
    await stop(second);
    await stop(first);
  });

  it("leaves no row once a process has closed cleanly, so a new value may then start", async () => {
    const first = await start();
    await stop(first);
    assert.equal((await rows(await start({ siteRoot: "https://new.example.test" }))).length, 1);
  });
});
