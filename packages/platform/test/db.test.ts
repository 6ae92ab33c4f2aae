import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql, type Kysely } from "kysely";
import { openDatabase, preparedStatementMarker, type Database } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";

describe("openDatabase on SQLite: Kysely's statements", () => {
  let database: Database<any>;
  const prepared: string[] = [];

  before(async () => {
    database = openDatabase("sqlite::memory:");
    const handle = database.sqlite!;
    const prepare = handle.prepare.bind(handle);
    handle.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof handle.prepare;
    await sql`create table items (id integer primary key, value text not null)`.execute(database.db);
  });
  after(() => database.close());

  const count = (text: string) => prepared.filter((p) => p === text).length;

  it("prepares a query once and runs it again with new parameters", async () => {
    const insert = (value: string) => database.db.insertInto("items").values({ value }).execute();
    await insert("a");
    await insert("b");
    const byValue = (value: string) => database.db.selectFrom("items").select("id").where("value", "=", value).execute();
    assert.deepEqual(await byValue("a"), [{ id: 1 }]);
    assert.deepEqual(await byValue("b"), [{ id: 2 }]);
    const { sql: insertSql } = database.db.insertInto("items").values({ value: "x" }).compile();
    const { sql: selectSql } = database.db.selectFrom("items").select("id").where("value", "=", "x").compile();
    assert.equal(count(insertSql), 1);
    assert.equal(count(selectSql), 1);
  });

  it("keeps transactions working with cached begin and commit", async () => {
    for (let i = 0; i < 3; i++) {
      await database.db.transaction().execute(async (trx) => {
        await trx.insertInto("items").values({ value: `t${i}` }).execute();
      });
    }
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("items").values({ value: "rolled back" }).execute();
        throw new Error("abort");
      }),
      /abort/,
    );
    const values = (await database.db.selectFrom("items").select("value").where("value", "like", "t%").orderBy("id").execute()).map((r) => r.value);
    assert.deepEqual(values, ["t0", "t1", "t2"]);
    assert.equal((await database.db.selectFrom("items").select("id").where("value", "=", "rolled back").execute()).length, 0);
    assert.deepEqual([count("begin"), count("commit"), count("rollback")], [1, 1, 1], "four transactions, each statement prepared once");
  });

  it("drops the least recently used statement past 1,000 distinct texts", async () => {
    const byId = (n: number) => database.db.selectFrom("items").select(sql<number>`${sql.lit(n)}`.as("n")).where("id", "=", 1).execute();
    await byId(0);
    for (let n = 1; n <= 1000; n++) await byId(n);
    const first = database.db.selectFrom("items").select(sql<number>`${sql.lit(0)}`.as("n")).where("id", "=", 1).compile().sql;
    const recent = database.db.selectFrom("items").select(sql<number>`${sql.lit(1000)}`.as("n")).where("id", "=", 1).compile().sql;
    await byId(0);
    await byId(1000);
    assert.equal(count(first), 2, "evicted, so prepared again");
    assert.equal(count(recent), 1, "still cached");
  });
});

describe("openDatabase on SQLite: one connection, never interleaved", () => {
  it("runs each transaction whole, and waiting queries and transactions in the order they asked", async () => {
    const database = openDatabase<any>("sqlite::memory:");
    try {
      await sql`create table log (id integer primary key, entry text not null)`.execute(database.db);
      const log = (entry: string) => database.db.insertInto("log").values({ entry }).execute();
      const work = Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? database.db.transaction().execute(async (trx) => {
              await trx.insertInto("log").values({ entry: `t${i} first` }).execute();
              await new Promise((resolve) => setImmediate(resolve));
              await trx.insertInto("log").values({ entry: `t${i} second` }).execute();
            })
          : log(`q${i}`),
      );
      await Promise.all(work);
      const entries = (await database.db.selectFrom("log").select("entry").orderBy("id").execute()).map((r) => r.entry);
      const expected = Array.from({ length: 20 }, (_, i) => (i % 2 ? [`t${i} first`, `t${i} second`] : [`q${i}`])).flat();
      assert.deepEqual(entries, expected);
    } finally {
      await database.close();
    }
  });
});

describe("preparedStatementMarker: statements PostgreSQL plans once per connection", () => {
  let test: TestDatabase;
  let database: Database<any>;

  before(async () => {
    test = await freshDatabaseUrl();
    database = openDatabase(test.url, { poolSize: 1 });
  });
  after(async () => {
    await database.close();
    await test.release();
  });

  it("refuses a name that could not be a statement's", () => {
    for (const bad of ["", "Upper", "with space", "1st", "a;drop"]) assert.throws(() => preparedStatementMarker(bad), /invalid prepared statement name/);
    assert.equal(preparedStatementMarker("monitor_read"), "/* prepared:monitor_read */");
  });

  it("runs a marked query with new values each time, prepared under its name on PostgreSQL", async () => {
    const marked = (n: number) => sql<{ doubled: number }>`${sql.raw(preparedStatementMarker("platform_double"))} select cast(${n} as integer) * 2 as doubled`.execute(database.db);
    assert.deepEqual((await marked(2)).rows, [{ doubled: 4 }]);
    assert.deepEqual((await marked(21)).rows, [{ doubled: 42 }]);
    if (database.dialect !== "postgres") return;
    // One connection: the statement stays prepared in its session, once.
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(database.db);
    assert.deepEqual(rows, [{ name: "platform_double" }]);
  });
});

describe("openDatabase on PostgreSQL: a connection the server ends", () => {
  let test: TestDatabase;
  let database: Database<any>;
  const warnings: unknown[] = [];

  before(async () => {
    test = await freshDatabaseUrl();
    database = openDatabase(test.url, { poolSize: 2, log: { warn: (details: unknown) => warnings.push(details) } as never });
  });
  after(async () => {
    await database.close();
    await test.release();
  });

  const backendPid = async (db: Kysely<any>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  const terminate = async (pid: number) => {
    // Another connection ends it, as an operator's pg_terminate_backend or a failover would.
    const admin = openDatabase(test.url, { poolSize: 1 });
    try {
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
    } finally {
      await admin.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  };

  it("survives the loss of an idle connection and answers the next query on a new one", async (t) => {
    if (database.dialect !== "postgres") return t.skip("PostgreSQL only");
    const pid = await backendPid(database.db);
    await terminate(pid);
    assert.notEqual(await backendPid(database.db), pid);
    assert.ok(warnings.length >= 1, "the loss is logged");
  });

  it("survives the loss of a connection held by a transaction between two of its queries", async (t) => {
    if (database.dialect !== "postgres") return t.skip("PostgreSQL only");
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await terminate(await backendPid(trx));
        await sql`select 1`.execute(trx);
      }),
    );
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.deepEqual(rows, [{ one: 1 }]);
  });
});
