import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { migrateToLatest, migrationStatus, openDatabase, openServingDatabase, readiness, StartupError, type Migrations, type Logger } from "@beacon/platform";
import { faultyProxy, freshDatabaseUrl, type FaultyProxy, type TestDatabase } from "@beacon/testing";

/** A logger that keeps its lines. */
function recordingLog(): { log: Logger; lines: { level: string; msg: string; fields: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: unknown, msg?: string) => {
    if (typeof fields === "string") lines.push({ level, msg: fields, fields: {} });
    else lines.push({ level, msg: msg ?? "", fields: fields as Record<string, unknown> });
  };
  const log = { info: at("info"), warn: at("warn"), error: at("error"), debug: () => {}, child: () => log } as unknown as Logger;
  return { log, lines };
}

const migrations: Migrations = {
  "001_items": { up: async (db) => void (await sql`create table items (id integer primary key, name text not null)`.execute(db)) },
  "002_tags": { up: async (db) => void (await sql`create table tags (id integer primary key, item_id integer not null)`.execute(db)) },
};
const backoff = { firstMs: 40, maxMs: 200 };
const PG = process.env.TEST_DATABASE_URL;

describe("migrations: one transaction each, and a guard against newer databases", () => {
  let test: TestDatabase;
  before(async () => (test = await freshDatabaseUrl()));
  after(() => test.release());

  it("keeps the migrations before a failing one and none of the failing one", async () => {
    const database = openDatabase<any>(test.url);
    try {
      const failing: Migrations = {
        ...migrations,
        "003_broken": {
          up: async (db) => {
            await sql`create table half_done (id integer primary key)`.execute(db);
            await sql`insert into no_such_table values (1)`.execute(db);
          },
        },
      };
      await assert.rejects(migrateToLatest(database.db, failing, "t1", database.dialect));
      const status = await migrationStatus(database.db, failing, "t1");
      assert.deepEqual(status.pending, ["003_broken"]);
      assert.equal(status.databaseLevel, "002_tags");
      await assert.rejects(sql`select * from half_done`.execute(database.db), "the failed migration's table was rolled back with it");
      await database.db.insertInto("tags").values({ id: 1, item_id: 1 }).execute();
    } finally {
      await database.close();
    }
  });

  it("refuses a database migrated by a newer program, naming both levels, and changes nothing", async () => {
    const database = openDatabase<any>(test.url);
    try {
      const newer: Migrations = { ...migrations, "003_more": { up: async (db) => void (await sql`create table more_things (id integer primary key)`.execute(db)) } };
      await sql`drop table if exists items`.execute(database.db);
      await sql`drop table if exists tags`.execute(database.db);
      assert.deepEqual(await migrateToLatest(database.db, newer, "t2", database.dialect), ["001_items", "002_tags", "003_more"]);
      await assert.rejects(migrateToLatest(database.db, migrations, "t2", database.dialect), (error: Error) => {
        assert.equal(error.name, "NewerSchemaError");
        assert.match(error.message, /schema is at 003_more, this Beacon knows up to 002_tags/);
        return true;
      });
      const ready = await readiness(database.db, migrations, "t2");
      assert.equal(ready.ready, false);
      assert.match(ready.checks.migrations, /newer Beacon \(003_more; this one knows up to 002_tags\)/);
      assert.deepEqual(await readiness(database.db, newer, "t2"), { ready: true, checks: { database: "ok", migrations: "ok" } });
    } finally {
      await database.close();
    }
  });
});

describe("openServingDatabase: read-only databases", () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), "beacon-ro-"))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a read-only SQLite file unless asked, naming the setting, and serves it when asked", async () => {
    const file = join(dir, "ro.db");
    const { log } = recordingLog();
    const writable = await openServingDatabase<any>(`sqlite:${file}`, { log, table: "app", migrations });
    assert.equal(writable.readOnly, false);
    await writable.close();
    await assert.rejects(openServingDatabase<any>(`sqlite:${file}?mode=ro`, { log, table: "app", migrations, readOnly: { allowed: false, setting: "APP_READ_ONLY" } }), (error: Error) => {
      assert.ok(error instanceof StartupError);
      assert.match(error.message, /the app database accepts no writes .*set APP_READ_ONLY=true to serve it read-only/);
      return true;
    });
    const served = await openServingDatabase<any>(`sqlite:${file}?mode=ro`, { log, table: "app", migrations, readOnly: { allowed: true, setting: "APP_READ_ONLY" } });
    try {
      assert.equal(served.readOnly, true);
      assert.deepEqual(await served.db.selectFrom("items").selectAll().execute(), []);
      await assert.rejects(served.db.insertInto("items").values({ id: 1, name: "x" }).execute(), { code: "SQLITE_READONLY" });
    } finally {
      await served.close();
    }
  });

  it("refuses a PostgreSQL database whose sessions are read-only", { skip: !PG }, async () => {
    const test = await freshDatabaseUrl();
    try {
      const url = new URL(test.url);
      url.searchParams.set("options", "-c default_transaction_read_only=on");
      const { log } = recordingLog();
      await assert.rejects(openServingDatabase<any>(url.toString(), { log, table: "app", migrations, readOnly: { allowed: false, setting: "APP_READ_ONLY" } }), /accepts no writes/);
    } finally {
      await test.release();
    }
  });
});

describe("openServingDatabase on PostgreSQL: waiting for the database", { skip: !PG }, () => {
  let test: TestDatabase;
  let proxy: FaultyProxy;
  before(async () => {
    test = await freshDatabaseUrl();
    const target = new URL(test.url);
    proxy = await faultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
  });
  after(async () => {
    await proxy.close();
    await test.release();
  });

  it("retries with backoff while connections are refused, logging each attempt without a stack, then migrates", async () => {
    proxy.cut();
    const { log, lines } = recordingLog();
    const opening = openServingDatabase<any>(proxy.urlFor(test.url), { log, table: "app", migrations, backoff });
    await new Promise((resolve) => setTimeout(resolve, 300));
    proxy.restore();
    const database = await opening;
    try {
      const attempts = lines.filter((line) => line.level === "warn" && /app database unreachable/.test(line.msg));
      assert.ok(attempts.length >= 2, `several attempts logged, got ${attempts.length}`);
      assert.deepEqual(attempts.map((line) => line.fields.attempt), attempts.map((_, i) => i + 1));
      assert.ok((attempts[1].fields.retryInMs as number) > (attempts[0].fields.retryInMs as number), "the pause grows");
      for (const line of attempts) assert.equal(line.fields.err, undefined, "a cause, not an error object with its stack");
      assert.ok(lines.some((line) => /reachable after \d+ attempts/.test(line.msg)));
      assert.deepEqual(await database.db.selectFrom("items").selectAll().execute(), []);
    } finally {
      await database.close();
    }
  });

  it("names its connections beacon-<app> in pg_stat_activity, unless the URL names them", async () => {
    const applicationName = async (url: string) => {
      const database = await openServingDatabase<any>(url, { log: recordingLog().log, table: "app", migrations });
      try {
        return (await sql<{ name: string }>`select application_name as name from pg_stat_activity where pid = pg_backend_pid()`.execute(database.db)).rows[0]!.name;
      } finally {
        await database.close();
      }
    };
    assert.equal(await applicationName(test.url), "beacon-app");
    const named = new URL(test.url);
    named.searchParams.set("application_name", "billing-cron");
    assert.equal(await applicationName(named.toString()), "billing-cron");
  });

  it("gives up on a host that accepts and never answers after the connect timeout, and retries", async () => {
    proxy.stall();
    const { log, lines } = recordingLog();
    const started = performance.now();
    await assert.rejects(openServingDatabase<any>(proxy.urlFor(test.url), { log, table: "app", migrations, backoff, connectTimeoutMs: 200, waitMs: 900 }), (error: Error) => {
      assert.ok(error instanceof StartupError);
      assert.match(error.message, /still unreachable after \d+ s \(\d+ attempts\)/);
      return true;
    });
    proxy.restore();
    assert.ok(performance.now() - started < 3000);
    assert.ok(lines.filter((line) => /unreachable/.test(line.msg)).length >= 2);
  });

  it("fails a statement that gets no answer after its timeout, and the pool recovers", async () => {
    const database = openDatabase<any>(proxy.urlFor(test.url), { statementTimeoutMs: 200, connectTimeoutMs: 300 });
    try {
      await sql`select 1`.execute(database.db);
      proxy.stall();
      const started = performance.now();
      await assert.rejects(sql`select 1`.execute(database.db), (error: Error) => /no answer|timeout/i.test(error.message));
      assert.ok(performance.now() - started < 2000, "bounded by the timeout, not by the outage");
      proxy.restore();
      // The proxy ends the connections the stall broke; the pool hears of it on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await sql`select 1`.execute(database.db);
      await assert.rejects(sql`select pg_sleep(1)`.execute(database.db), { code: "57014" });
      await sql`select 1`.execute(database.db as Kysely<any>);
    } finally {
      proxy.restore();
      await database.close();
    }
  });
});
