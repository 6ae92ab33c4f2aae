// Integers beyond 32 bits compared with 32-bit columns: no row matches, on SQLite and on
// PostgreSQL alike, where PostgreSQL alone would fail the query.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";
import { openDatabase, type Database } from "@beacon/platform";

describe("queries with integers beyond 32 bits", () => {
  let test: TestDatabase;
  let database: Database<any>;

  before(async () => {
    test = await freshDatabaseUrl();
    database = openDatabase(test.url, { poolSize: 1 });
    const id = database.dialect === "postgres" ? sql`serial primary key` : sql`integer primary key`;
    await sql`create table items (id ${id}, at bigint not null)`.execute(database.db);
    await database.db.insertInto("items").values([{ at: 1_700_000_000_000 }, { at: 1_700_000_000_001 }]).execute();
  });
  after(async () => {
    await database.close();
    await test.release();
  });

  it("finds no row for an id of 2^31 and above, or far beyond 64 bits", async () => {
    for (const id of [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e30]) {
      assert.deepEqual(await database.db.selectFrom("items").select("id").where("id", "=", id).execute(), [], String(id));
    }
  });

  it("keeps the ids that exist in a list with ids that cannot", async () => {
    const rows = await database.db.selectFrom("items").select("id").where("id", "in", [1, 2 ** 40, 1e25]).execute();
    assert.deepEqual(rows, [{ id: 1 }]);
  });

  it("still stores and compares 64-bit values, such as millisecond timestamps", async () => {
    await database.db.insertInto("items").values({ at: 2 ** 52 }).execute();
    const rows = await database.db.selectFrom("items").select("at").where("at", ">", 1_700_000_000_000).orderBy("at").execute();
    assert.deepEqual(rows.map((r) => Number(r.at)), [1_700_000_000_001, 2 ** 52]);
  });
});
