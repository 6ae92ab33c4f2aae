import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { sql } from "kysely";
import { isTransientDatabaseError, openDatabase, storageFault, DatabaseTimeoutError } from "@beacon/platform";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("storageFault: what a driver's error says about the storage", () => {
  it("sorts PostgreSQL's SQLSTATEs and node-postgres's connection errors", () => {
    const cases: [Error, string | undefined, number | undefined][] = [
      [coded("57P01", "terminating connection due to administrator command"), "unavailable", 503],
      [coded("57P03", "the database system is starting up"), "unavailable", 503],
      [coded("08006"), "unavailable", 503],
      [coded("53300", "sorry, too many clients already"), "unavailable", 503],
      [coded("ECONNREFUSED"), "unavailable", 503],
      [new Error("Connection terminated unexpectedly"), "unavailable", 503],
      [new Error("timeout exceeded when trying to connect"), "timeout", 503],
      [new DatabaseTimeoutError("no answer"), "timeout", 503],
      [coded("57014", "canceling statement due to statement timeout"), "timeout", 503],
      [coded("40P01", "deadlock detected"), "contention", 503],
      [coded("40001"), "contention", 503],
      [coded("53100", "could not extend file: No space left on device"), "disk-full", 507],
      [coded("25006", "cannot execute INSERT in a read-only transaction"), "read-only", 503],
      [coded("23505", "duplicate key"), undefined, undefined],
      [coded("42P01", "relation does not exist"), undefined, undefined],
      [coded("22P02"), undefined, undefined],
      [new Error("plain bug"), undefined, undefined],
      [new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")]), "unavailable", 503],
    ];
    for (const [error, kind, status] of cases) {
      const fault = storageFault(error);
      assert.equal(fault?.kind, kind, error.message);
      assert.equal(fault?.status, status, error.message);
      assert.equal(isTransientDatabaseError(error), kind !== undefined);
    }
  });

  it("sorts real SQLite errors: a full disk is 507, a read-only database 503, a constraint nothing", async () => {
    const database = openDatabase<any>("sqlite::memory:");
    try {
      await sql`create table blobs (id integer primary key, body blob not null)`.execute(database.db);
      // max_page_count makes the database full the way a full disk does (SQLITE_FULL).
      const pages = database.sqlite!.pragma("page_count", { simple: true }) as number;
      database.sqlite!.pragma(`max_page_count = ${pages + 2}`);
      const full = await database.db.insertInto("blobs").values({ id: 1, body: Buffer.alloc(64 * 1024) }).execute().catch((e: unknown) => e);
      const fault = storageFault(full);
      assert.equal((full as { code: string }).code, "SQLITE_FULL");
      assert.deepEqual([fault?.kind, fault?.status], ["disk-full", 507]);
      assert.match(fault!.message, /disk is full/);
      assert.ok(fault!.retryAfterSeconds > 0);

      database.sqlite!.pragma("max_page_count = 1000000");
      database.sqlite!.pragma("query_only = ON");
      const readOnly = await database.db.insertInto("blobs").values({ id: 2, body: Buffer.alloc(1) }).execute().catch((e: unknown) => e);
      assert.deepEqual([storageFault(readOnly)?.kind, storageFault(readOnly)?.status], ["read-only", 503]);
      database.sqlite!.pragma("query_only = OFF");

      await database.db.insertInto("blobs").values({ id: 3, body: Buffer.alloc(1) }).execute();
      const duplicate = await database.db.insertInto("blobs").values({ id: 3, body: Buffer.alloc(1) }).execute().catch((e: unknown) => e);
      assert.equal(storageFault(duplicate), undefined);
    } finally {
      await database.close();
    }
  });
});
