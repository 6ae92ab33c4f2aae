import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { backupDatabase, openDatabase, restoreDatabase } from "@beacon/platform";
import { freshDatabaseUrl, type TestDatabase } from "@beacon/testing";

describe("backupDatabase and restoreDatabase: a round trip under write load", () => {
  let dir: string;
  let test: TestDatabase;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "beacon-backup-"));
    test = await freshDatabaseUrl();
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await test.release();
  });

  it("copies every write acknowledged before the backup, and the copy restores in place", async () => {
    const url = test.dialect === "sqlite" ? `sqlite:${join(dir, "live.db")}` : test.url;
    const database = openDatabase<any>(url);
    try {
      await sql`create table entries (id integer primary key, body text not null)`.execute(database.db);
      let next = 1;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await database.db.insertInto("entries").values({ id: next, body: `entry ${next++}` }).execute();
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const acknowledged = next - 1;
      const file = await backupDatabase(database, url, join(dir, test.dialect === "sqlite" ? "copy.db" : "copy.pgdump"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      writing = false;
      await writer;
      const total = next - 1;
      assert.ok(acknowledged > 0 && total > acknowledged, "writes went on during the backup");
      await database.close();

      await restoreDatabase(url, file);
      const restored = openDatabase<any>(url);
      try {
        const ids = (await restored.db.selectFrom("entries").select("id").orderBy("id").execute()).map((row: { id: number }) => row.id);
        assert.ok(ids.length >= acknowledged && ids.length < total, `${ids.length} rows: at least the ${acknowledged} written before, not the ${total} written by the end`);
        assert.deepEqual(ids, Array.from({ length: ids.length }, (_, i) => i + 1), "one instant's database: no gap");
      } finally {
        await restored.close();
      }
    } finally {
      await database.close().catch(() => {});
    }
  });
});
