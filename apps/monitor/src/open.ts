// Opens the monitor without its HTTP side: the database (waited for, checked and migrated),
// the WAL checkpoints and the deps every layer takes. The commands that only write to the
// database (create-project, set-password, the alert worker alone) start from here, without
// loading the routes.
import { randomBytes } from "node:crypto";
import { createLogger, databaseDialect, openServingDatabase, startWalCheckpoints, systemClock, type Clock, type Logger } from "@beacon/platform";
import type { MonitorConfig } from "./config.js";
import type { MonitorDeps } from "./deps.js";
import { MIGRATION_TABLE, monitorMigrations } from "./migrations/index.js";
import { getOrCreateSetting } from "./store/settings.js";
import type { MonitorDB } from "./store/schema.js";

export interface Monitor {
  deps: MonitorDeps;
  close(): Promise<void>;
}

/** Waits for the database, checks its schema and migrates it (a StartupError says why it cannot). */
export function openMonitorDatabase(config: MonitorConfig, log: Logger) {
  return openServingDatabase<MonitorDB>(config.databaseUrl, {
    log,
    table: MIGRATION_TABLE,
    migrations: monitorMigrations(databaseDialect(config.databaseUrl)),
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    waitMs: config.dbStartWaitS * 1000,
  });
}

export async function openMonitor(config: MonitorConfig, options: { clock?: Clock; log?: Logger } = {}): Promise<Monitor> {
  const log = options.log ?? createLogger("monitor");
  const database = await openMonitorDatabase(config, log);
  const secretKey = config.secretKey || (await getOrCreateSetting(database.db, "secret_key", () => randomBytes(32).toString("hex")));
  // Pings commit in bursts: keep SQLite's WAL checkpoints off the request path.
  const checkpoints = database.sqlite ? startWalCheckpoints(database.sqlite, log) : undefined;
  const deps: MonitorDeps = {
    db: database.db,
    dialect: database.dialect,
    log,
    clock: options.clock ?? systemClock,
    config,
    secretKey,
    sqlite: database.sqlite,
  };
  return {
    deps,
    async close() {
      await checkpoints?.stop();
      await database.close();
    },
  };
}
