// One way to open a database: `sqlite:PATH` (embedded, WAL) or `postgres://…`.
// A `schema` query parameter on a PostgreSQL URL sets the search_path; the test
// helpers use it to give every test file a fresh schema in one shared database.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import type { Logger } from "./log.js";
import { DatabaseTimeoutError } from "./storage-faults.js";
import { WideIntegerPlugin } from "./wide-integers.js";

export type Dialect = "sqlite" | "postgres";

export interface Database<DB> {
  db: Kysely<DB>;
  dialect: Dialect;
  /** The raw better-sqlite3 handle, for hot paths that want prepared statements. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// Timestamps are stored as epoch milliseconds in BIGINT columns: make pg return numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

export function databaseDialect(url: string): Dialect {
  if (url.startsWith("sqlite:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  throw new Error(`unsupported database URL "${url}": use sqlite:PATH or postgres://…`);
}

export interface OpenOptions {
  poolSize?: number;
  /** Where a PostgreSQL connection's loss is reported (a warning); without it, nowhere. */
  log?: Pick<Logger, "warn">;
  /**
   * PostgreSQL: how long opening a connection, or waiting for a free one of the pool, may take
   * before the query fails (default 5 s; 0 waits for ever).
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the server cancels a statement running longer (its statement_timeout), and a
   * statement that gets no answer at all for this long plus a second (a stalled network, a
   * frozen server) fails here and its connection is dropped. Default 30 s; 0 turns both off.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: the connections' name in pg_stat_activity (application_name), unless the URL names them. */
  applicationName?: string;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** How much longer than statement_timeout the client waits before it gives the connection up. */
const UNANSWERED_GRACE_MS = 1_000;

export function openDatabase<DB>(url: string, options: OpenOptions = {}): Database<DB> {
  if (databaseDialect(url) === "sqlite") {
    // `sqlite:PATH?mode=ro` opens an existing file read-only (a copy served for reading).
    const [file, query = ""] = url.slice("sqlite:".length).split("?");
    const path = file || ":memory:";
    const readonly = new URLSearchParams(query).get("mode") === "ro";
    if (path !== ":memory:" && !readonly) mkdirSync(dirname(path), { recursive: true });
    const handle = new SQLite(path, readonly ? { readonly, fileMustExist: true } : {});
    if (!readonly) handle.pragma("journal_mode = WAL");
    handle.pragma("synchronous = NORMAL");
    handle.pragma("foreign_keys = ON");
    handle.pragma("busy_timeout = 5000");
    // Pages are read through a memory map, not a read() and a copy each: large reads (the
    // 50,000 unread messages /register may collect) run about a quarter faster. Writes still
    // go through the WAL as before.
    handle.pragma("mmap_size = 268435456");
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(handle) }) });
    return { db, dialect: "sqlite", sqlite: handle, close: () => db.destroy() };
  }

  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema");
  parsed.searchParams.delete("schema");
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  // Server settings given in the URL (`?options=-c …`) are kept, ours added after them.
  const given = parsed.searchParams.get("options") ?? "";
  parsed.searchParams.delete("options");
  const serverOptions = [given, schema ? `-c search_path=${schema}` : "", statementTimeoutMs > 0 ? `-c statement_timeout=${statementTimeoutMs}` : ""].filter(Boolean).join(" ");
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: parsed.toString(),
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A peer that vanished without a word (a failover, a cut cable) is found by TCP keepalives.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(serverOptions ? { options: serverOptions } : {}),
    ...(options.applicationName && !parsed.searchParams.has("application_name") ? { application_name: options.applicationName } : {}),
    ...({ unansweredAfterMs: statementTimeoutMs > 0 ? statementTimeoutMs + UNANSWERED_GRACE_MS : 0 } as object),
  });
  // A connection the server ends (pg_terminate_backend, a failover, idle_session_timeout, a
  // pooler's restart) is an 'error' event: on an idle client the pool re-emits it on itself,
  // on a checked-out one (between two queries of a transaction) it goes to the client alone.
  // Either with no listener is an uncaught exception that ends the process. With listeners,
  // the query in flight fails, the pool drops the broken client on release and opens a new one.
  // Every client logs its own loss once; the pool's echo of an idle client's loss adds nothing.
  pool.on("connect", (client) => client.on("error", (error) => options.log?.warn({ err: error }, "database connection lost; the pool opens a new one")));
  pool.on("error", () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new WideIntegerPlugin()] });
  return { db, dialect: "postgres", close: () => db.destroy() };
}

/**
 * Marks a query to be prepared once per PostgreSQL connection under `name` and then only bound
 * and executed: PostgreSQL parses and plans it once per connection instead of on every run. For
 * hot statements whose text never changes (the same parameters, whatever their values); the text
 * must start with the marker this returns. No effect on SQLite, which caches every statement.
 */
export function preparedStatementMarker(name: string): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`invalid prepared statement name "${name}"`);
  return `/* prepared:${name} */`;
}

const PREPARED = /^\/\* prepared:([a-z][a-z0-9_]*) \*\//;

/**
 * pg's client, sending queries marked by preparedStatementMarker as named statements, and
 * giving up on a query (Kysely's promise form) that gets no answer within `unansweredAfterMs`:
 * the query fails with a DatabaseTimeoutError and the connection is destroyed, so the pool
 * drops it rather than queue later queries behind an answer that may never come. (pg's own
 * query_timeout leaves the query running on the connection.)
 */
class PreparingClient extends pg.Client {
  private readonly unansweredAfterMs: number;

  constructor(config?: pg.ClientConfig & { unansweredAfterMs?: number }) {
    super(config);
    this.unansweredAfterMs = config?.unansweredAfterMs ?? 0;
  }

  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === "string" ? PREPARED.exec(config)?.[1] : undefined;
    const run = () => (name ? super.query({ name, text: config, values }, callback) : super.query(config, values, callback));
    if (this.unansweredAfterMs <= 0 || typeof config !== "string" || callback !== undefined) return run();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new DatabaseTimeoutError(`no answer from the database within ${this.unansweredAfterMs} ms`));
        (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }, this.unansweredAfterMs);
      (run() as Promise<unknown>).then(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }
}

// Kysely prepares every query it runs, and preparing (parsing and planning) costs SQLite about
// as much as running most of our queries: in a profile of an API under load, better-sqlite3's
// Statement constructor took 9% of the server's time.
// Statements are kept by their SQL text, the least recently used dropped past this many (IN
// lists of every length make distinct texts). Kysely runs one query at a time on the connection,
// so a statement is never asked for while another use of it is still iterating.
const STATEMENT_CACHE_SIZE = 1000;

function withStatementCache(handle: SQLite.Database): { close(): void; prepare(sql: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => handle.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = handle.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/** `SELECT 1`, for health endpoints. */
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Serialises the transactions that take the same key until they commit or roll back: a
 * check-then-insert (a name that must be free, a limit not to exceed) run after it sees every
 * earlier writer's rows. PostgreSQL: a transaction-level advisory lock, scoped to the schema so
 * test schemas sharing one database do not wait on each other. SQLite runs one write transaction
 * at a time on its single connection already, so there it does nothing.
 */
export async function lockForTransaction(trx: Kysely<any>, dialect: Dialect, key: string): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ${"." + key}))`.execute(trx);
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite's UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
