import type { Kysely } from "kysely";
import type { Clock, Database, Dialect, Logger } from "@beacon/platform";
import type { MonitorConfig } from "./config.js";
import type { MonitorDB } from "./store/schema.js";

/** Everything the monitor's layers need, built once in main.ts and passed down. */
export interface MonitorDeps {
  db: Kysely<MonitorDB>;
  dialect: Dialect;
  log: Logger;
  clock: Clock;
  config: MonitorConfig;
  /** Signs badge URLs: MONITOR_SECRET_KEY, or one generated once and kept in the database. */
  secretKey: string;
  /** The raw SQLite handle (SQLite only): the ping hot path uses prepared statements. */
  sqlite?: Database<MonitorDB>["sqlite"];
  /** Set while an alert worker runs in this process: a new flip wakes it at once. */
  alertWorker?: { wake(): void };
}

export type Db = Kysely<MonitorDB>;

/** The raw SQLite handle, for the few bulk paths that run prepared statements on it. */
export type SqliteHandle = NonNullable<Database<MonitorDB>["sqlite"]>;
