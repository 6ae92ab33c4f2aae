// WAL checkpoints off the request path. By default SQLite checkpoints on the connection that
// commits once the WAL passes 1,000 pages, so some unlucky request pays for copying thousands of
// pages back into the database file (and its fsync) on the event loop. Here a worker thread
// holds a second connection and runs a PASSIVE checkpoint every CHECK_MS: PASSIVE never waits
// for readers or writers, so writes go on committing meanwhile. A commit that begins with the
// WAL wholly checkpointed restarts it from its start. Under a steady write load that is rare
// (a commit usually lands while a round runs): at 2,000 pings/s the WAL restarted every second
// or two and its file stayed near the fallback threshold's size (docs/performance.md). The main
// connection's auto-checkpoint stays on with a higher threshold as the bound on the WAL's growth
// should the worker fall behind or die.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";
import type { Logger } from "./log.js";

type Handle = SQLite.Database;

// Short rounds: under a sustained write load (a write of 50 rows to two random-access indexes
// dirties about 100 pages) each checkpoint copies less at a time and the WAL restarts sooner.
// At 100 ms the WAL came close to the fallback threshold below, and a steady 200 writes/s had a
// p99 of 14–21 ms against 10–11 ms at 25 ms (same machine, alternating runs; the figures are in
// docs/performance.md).
const CHECK_MS = 25;
/** pages (4 KiB): about 40 MB of WAL before a commit checkpoints by itself */
const FALLBACK_AUTOCHECKPOINT = 10_000;

// Plain CommonJS so the worker needs no TypeScript loader.
const WORKER = `
const { workerData, parentPort } = require("node:worker_threads");
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma("busy_timeout = 0");
const timer = setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {}
}, workerData.every);
parentPort.once("message", () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `sqlite`'s WAL from a worker; undefined for an in-memory database. */
export function startWalCheckpoints(sqlite: Handle, log: Logger): WalCheckpointer | undefined {
  if (sqlite.memory || sqlite.name === "" || sqlite.name === ":memory:") return undefined;
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT}`);
  // A WAL that did grow is cut back to this size when it next restarts.
  sqlite.pragma(`journal_size_limit = ${FALLBACK_AUTOCHECKPOINT * 4096}`);
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, path: sqlite.name, every: CHECK_MS } });
  worker.unref();
  let running = true;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  void exited.then(() => (running = false));
  // The fallback threshold still bounds the WAL without the worker.
  worker.on("error", (error) => log.error({ err: error }, "WAL checkpoint worker failed"));
  return {
    async stop() {
      // Unref'd while it runs, so it never holds a process open; held again while we wait
      // for it to close its connection, or the process could exit mid-wait.
      if (running) {
        worker.ref();
        worker.postMessage("stop");
      }
      await exited;
    },
  };
}
