import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, openDatabase, startWalCheckpoints } from "@beacon/platform";

describe("startWalCheckpoints", () => {
  it("does nothing for an in-memory database", async () => {
    const database = openDatabase("sqlite::memory:");
    assert.equal(startWalCheckpoints(database.sqlite!, createLogger("test", "silent")), undefined);
    await database.close();
  });

  it("checkpoints a file database's WAL from a worker, so the WAL restarts instead of growing", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "beacon-wal-")), "db.sqlite");
    const database = openDatabase(`sqlite:${path}`);
    const sqlite = database.sqlite!;
    const checkpoints = startWalCheckpoints(sqlite, createLogger("test", "silent"))!;
    sqlite.exec("CREATE TABLE t (v TEXT)");
    const insert = sqlite.prepare("INSERT INTO t VALUES (?)");
    const batch = () => sqlite.transaction(() => {
      for (let i = 0; i < 5_000; i++) insert.run("x".repeat(100));
    })();
    batch();
    const first = statSync(`${path}-wal`).size;
    // The worker checkpoints every 25 ms; the main connection's own threshold (10,000
    // pages) is far away, so only the worker can let the next write start the WAL over.
    await new Promise((resolve) => setTimeout(resolve, 600));
    batch();
    assert.ok(statSync(`${path}-wal`).size < first * 1.5, `WAL grew from ${first} to ${statSync(`${path}-wal`).size}`);
    await checkpoints.stop();
    await database.close();
  });
});
