// Opening a server's database at start: wait for it (retrying with backoff while it is down,
// a line in the log for each attempt), refuse a read-only one unless asked to serve read-only,
// refuse one a newer program migrated, then migrate. Every refusal is a StartupError whose
// message says what to do; the command line prints it without a stack trace.
import { sql, type Kysely } from "kysely";
import { openDatabase, type Database } from "./db.js";
import type { Logger } from "./log.js";
import { migrateToLatest, migrationStatus, NewerSchemaError, newerSchemaMessage, type Migrations } from "./migrate.js";
import { storageFault } from "./storage-faults.js";

export class StartupError extends Error {
  override name = "StartupError";
}

export interface ServingDatabaseOptions {
  log: Logger;
  /** the app's name in messages, and its migrations' bookkeeping table ("monitor", "chat") */
  table: string;
  migrations: Migrations;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  poolSize?: number;
  /** how long to keep trying to reach the database; 0 tries for ever */
  waitMs?: number;
  /** when the database accepts no writes: serve it read-only (true), or refuse and name this setting */
  readOnly?: { allowed: boolean; setting: string };
  /** tests shorten the pauses */
  backoff?: { firstMs: number; maxMs: number };
}

export interface ServingDatabase<DB> extends Database<DB> {
  /** the database accepts no writes and the operator asked to serve it anyway */
  readOnly: boolean;
}

/** Whether the database refuses writes: a read-only SQLite file, a PostgreSQL standby or read-only role. */
export async function isReadOnly(database: Database<unknown>): Promise<boolean> {
  if (database.sqlite) {
    const handle = database.sqlite;
    try {
      handle.exec("begin immediate");
      handle.exec("create table _beacon_write_probe (x integer)");
      return false;
    } catch (error) {
      if (storageFault(error)?.kind === "read-only") return true;
      throw error;
    } finally {
      if (handle.inTransaction) handle.exec("rollback");
    }
  }
  const db = database.db as Kysely<any>;
  const row = await sql<{ read_only: boolean }>`select pg_is_in_recovery() or current_setting('transaction_read_only') = 'on' as read_only`.execute(db);
  return Boolean(row.rows[0]?.read_only);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRIED = new Set(["unavailable", "timeout", "contention"]);

/** Resolves once `select 1` succeeds, retrying faults of the server with a doubling pause. */
async function untilReachable(db: Kysely<any>, options: ServingDatabaseOptions): Promise<void> {
  const { log, table } = options;
  const { firstMs, maxMs } = options.backoff ?? { firstMs: 500, maxMs: 30_000 };
  const started = performance.now();
  let pause = firstMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      if (attempt > 1) log.info({ attempt }, `${table} database reachable after ${attempt} attempts`);
      return;
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      const fault = storageFault(error);
      if (!fault || !RETRIED.has(fault.kind)) throw new StartupError(`cannot open the ${table} database: ${cause}`);
      const waited = performance.now() - started;
      if (options.waitMs && waited + pause > options.waitMs) {
        throw new StartupError(`the ${table} database is still unreachable after ${Math.round(waited / 1000)} s (${attempt} attempts): ${cause}`);
      }
      log.warn({ attempt, retryInMs: pause, cause }, `${table} database unreachable (${cause}); attempt ${attempt}, retrying in ${(pause / 1000).toFixed(1)} s`);
      await sleep(pause);
      pause = Math.min(pause * 2, maxMs);
    }
  }
}

/**
 * The migrations run on a connection of their own on PostgreSQL, without the statement
 * timeout: a migration of a large table may take minutes.
 */
async function migrate(url: string, database: Database<unknown>, options: ServingDatabaseOptions): Promise<string[]> {
  if (database.dialect === "sqlite") return migrateToLatest(database.db as Kysely<any>, options.migrations, options.table, "sqlite");
  const migrating = openDatabase<unknown>(url, { poolSize: 1, statementTimeoutMs: 0, connectTimeoutMs: options.connectTimeoutMs, log: options.log, applicationName: `beacon-${options.table}` });
  try {
    return await migrateToLatest(migrating.db as Kysely<any>, options.migrations, options.table, "postgres");
  } finally {
    await migrating.close();
  }
}

export async function openServingDatabase<DB>(url: string, options: ServingDatabaseOptions): Promise<ServingDatabase<DB>> {
  const { log, table } = options;
  const readOnlyFile = url.startsWith("sqlite:") && /[?&]mode=ro(&|$)/.test(url);
  // Named, so an operator tells the servers' connections apart in pg_stat_activity.
  const database = openDatabase<DB>(url, { log, connectTimeoutMs: options.connectTimeoutMs, statementTimeoutMs: options.statementTimeoutMs, poolSize: options.poolSize, applicationName: `beacon-${table}` });
  try {
    await untilReachable(database.db as Kysely<any>, options);
    if (readOnlyFile || (await isReadOnly(database as Database<unknown>))) {
      if (!options.readOnly?.allowed) {
        const how = options.readOnly ? `; set ${options.readOnly.setting}=true to serve it read-only` : "";
        throw new StartupError(`the ${table} database accepts no writes (a read-only file or file system, or a PostgreSQL standby)${how}`);
      }
      const status = await migrationStatus(database.db as Kysely<any>, options.migrations, table);
      if (status.unknown.length > 0) throw new StartupError(newerSchemaMessage(status, table));
      if (status.pending.length > 0) throw new StartupError(`the ${table} database is read-only and lacks migrations ${status.pending.join(", ")}: migrate it before serving it read-only`);
      log.warn(`serving the ${table} database read-only (${options.readOnly.setting}): every change is refused with 503`);
      return { ...database, readOnly: true };
    }
    const applied = await migrate(url, database as Database<unknown>, options);
    if (applied.length > 0) log.info({ applied }, `${table} database migrated: ${applied.join(", ")}`);
    return { ...database, readOnly: false };
  } catch (error) {
    await database.close().catch(() => {});
    if (error instanceof NewerSchemaError) throw new StartupError(error.message);
    throw error;
  }
}

export interface Readiness {
  ready: boolean;
  /** one entry per check: "ok" or what is wrong */
  checks: { database: string; migrations: string };
}

/** What a readiness probe reports: the database answers within `timeoutMs`, and its schema is this program's. */
export async function readiness(db: Kysely<any>, migrations: Migrations, table: string, timeoutMs = 2_000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const status = await Promise.race([migrationStatus(db, migrations, table), deadline]);
    let schema = "ok";
    if (status.unknown.length > 0) schema = `migrated by a newer Beacon (${status.databaseLevel}; this one knows up to ${status.programLevel})`;
    else if (status.pending.length > 0) schema = `migrations pending: ${status.pending.join(", ")}`;
    return { ready: schema === "ok", checks: { database: "ok", migrations: schema } };
  } catch (error) {
    const fault = storageFault(error);
    const cause = fault ? fault.message : error instanceof Error ? error.message : String(error);
    return { ready: false, checks: { database: cause, migrations: "unknown" } };
  } finally {
    clearTimeout(timer);
  }
}
