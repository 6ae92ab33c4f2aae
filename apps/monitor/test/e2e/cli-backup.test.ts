// `beacon monitor backup`, `restore` and `migrate` run as an operator runs them (bin/beacon.js
// in a child process), against the database the server uses. The copy's consistency under write
// load is packages/platform/test/backup.test.ts; this is about the commands.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createLogger } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { loadMonitorConfig } from "../../src/config.js";
import { buildMonitorApp, openMonitor } from "../../src/main.js";
import { monitorMigrations } from "../../src/migrations/index.js";
import { call } from "../helpers.js";

const run = promisify(execFile);
const beacon = fileURLToPath(new URL("../../../../bin/beacon.js", import.meta.url));
const PG = Boolean(process.env.TEST_DATABASE_URL);
const pgDumpMissing = PG && spawnSync("pg_dump", ["--version"]).error !== undefined;

async function cli(...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [beacon, "monitor", ...args], { env: { ...process.env, LOG_LEVEL: "silent" } });
  return JSON.parse(stdout);
}

/** What `beacon monitor …` wrote on standard error when it failed; fails the test if it succeeded. */
async function refusal(...args: string[]): Promise<{ stderr: string; code: number }> {
  try {
    // Bounded: a server that starts instead of refusing would otherwise hold the test for ever.
    await run(process.execPath, [beacon, "monitor", ...args], { env: { ...process.env, LOG_LEVEL: "silent" }, timeout: 120_000 });
  } catch (error) {
    const failed = error as { stderr: string; code: number };
    return { stderr: failed.stderr, code: failed.code };
  }
  throw new Error(`beacon monitor ${args[0]} succeeded`);
}

/** Runs `work` against a monitor opened in this process on `url`, closed again before returning. */
async function withApp<T>(url: string, work: (app: ReturnType<typeof buildMonitorApp>) => Promise<T>): Promise<T> {
  const monitor = await openMonitor(loadMonitorConfig({ databaseUrl: url, secretKey: "test-secret" }), { log: createLogger("test", "silent") });
  const app = buildMonitorApp(monitor.deps);
  try {
    return await work(app);
  } finally {
    await app.close();
    await monitor.close();
  }
}

describe("beacon monitor backup and restore", { skip: pgDumpMissing && "pg_dump is not installed: PostgreSQL's backup runs it" }, () => {
  let dir: string;
  let test: TestDatabase;
  let url: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-monitor-backup-"));
    test = await freshDatabaseUrl();
    url = test.dialect === "sqlite" ? `sqlite:${join(dir, "live", "monitor.db")}` : test.url;
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await test.release();
  });

  it("puts back the checks and pings the backup copied, and drops what came after", async () => {
    const keys = await cli("create-project", "--name", "Backed up", "--database", url);
    const kept = await withApp(url, async (app) => {
      const check = await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: "kept", tags: "nightly" } });
      assert.equal(check.status, 201);
      for (let i = 0; i < 2; i++) assert.equal((await call(app, "GET", `/ping/${check.json.uuid}`)).status, 200);
      return check.json.uuid as string;
    });

    const backup = join(dir, "backup");
    const written = await cli("backup", "--to", backup, "--database", url);
    assert.equal(written.database, join(backup, test.dialect === "sqlite" ? "monitor.db" : "monitor.pgdump"));

    await withApp(url, async (app) => {
      assert.equal((await call(app, "POST", "/api/v3/checks/", { key: keys.api_key, body: { name: "after the backup" } })).status, 201);
      assert.equal((await call(app, "GET", `/ping/${kept}/fail`)).status, 200);
    });

    assert.deepEqual(await cli("restore", "--from", backup, "--database", url), { restored: url });

    await withApp(url, async (app) => {
      const list = await call(app, "GET", "/api/v3/checks/", { key: keys.api_key });
      assert.equal(list.status, 200);
      assert.deepEqual(
        list.json.checks.map((c: any) => [c.name, c.tags, c.n_pings, c.status]),
        [["kept", "nightly", 2, "up"]],
      );
      const pings = await call(app, "GET", `/api/v3/checks/${kept}/pings/`, { key: keys.api_key });
      assert.deepEqual(
        pings.json.pings.map((p: any) => [p.n, p.type]),
        [
          [2, "success"],
          [1, "success"],
        ],
      );
    });
  });

  it("says where there is no backup to restore", async () => {
    const { stderr, code } = await refusal("restore", "--from", join(dir, "nothing-here"), "--database", url);
    assert.equal(code, 1);
    assert.match(stderr, /^error: no backup at .*nothing-here/);
  });
});

describe("beacon monitor migrate on a database a newer Beacon migrated", () => {
  let dir: string;
  let test: TestDatabase;
  let url: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-monitor-newer-"));
    test = await freshDatabaseUrl();
    url = test.dialect === "sqlite" ? `sqlite:${join(dir, "monitor.db")}` : test.url;
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await test.release();
  });

  it("refuses with the server's own message, naming both levels, and no stack trace", async () => {
    await cli("migrate", "--database", url);
    const monitor = await openMonitor(loadMonitorConfig({ databaseUrl: url, secretKey: "test-secret" }), { log: createLogger("test", "silent") });
    await monitor.deps.db.insertInto("monitor_migrations" as never).values({ name: "099_from_the_future", timestamp: new Date().toISOString() } as never).execute();
    await monitor.close();

    const migrate = await refusal("migrate", "--database", url);
    const serve = await refusal("serve", "--port", "0", "--database", url);
    assert.equal(migrate.stderr, serve.stderr);
    assert.equal(migrate.code, 1);
    const latest = Object.keys(monitorMigrations(test.dialect)).at(-1);
    assert.equal(
      migrate.stderr,
      `error: the monitor database was migrated by a newer Beacon (its schema is at 099_from_the_future, this Beacon knows up to ${latest}; unknown: 099_from_the_future). Run the newer Beacon, or restore a backup taken before the upgrade.\n`,
    );
  });
});
