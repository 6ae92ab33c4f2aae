// What a database error says about the storage under it, for both servers and both drivers:
// a fault of the database or its disk (retry later; the client did nothing wrong) as opposed to
// an error of the request or the code (a constraint, a bad query). Routes answer a fault with
// 503 or 507 and Retry-After; workers keep the work and try again instead of failing it.
//
// Sources: PostgreSQL's SQLSTATE table (Appendix A, "PostgreSQL Error Codes"), SQLite's result
// codes (https://sqlite.org/rescode.html) as better-sqlite3 names them in `error.code`, and the
// messages node-postgres gives a connection it loses or cannot open.
import type { Logger } from "./log.js";

export type StorageFaultKind =
  /** the server cannot be reached, refused us, or ended the connection */
  | "unavailable"
  /** a statement or a connection attempt ran past its timeout */
  | "timeout"
  /** a deadlock, a serialization failure, a lock held too long: the same request may pass now */
  | "contention"
  /** no space left for the database (SQLITE_FULL, PostgreSQL disk_full) */
  | "disk-full"
  /** the database accepts no writes (a read-only file, a standby after a failover) */
  | "read-only"
  /** the storage failed to read or write (SQLITE_IOERR, a corrupt page) */
  | "io";

export interface StorageFault {
  kind: StorageFaultKind;
  /** 503, or 507 (Insufficient Storage, RFC 4918) for a full disk */
  status: 503 | 507;
  /** seconds a client should wait before trying again (the Retry-After header) */
  retryAfterSeconds: number;
  /** the cause in words, for clients and operators */
  message: string;
}

const FAULTS: Record<StorageFaultKind, Omit<StorageFault, "kind">> = {
  unavailable: { status: 503, retryAfterSeconds: 5, message: "The database is unavailable; try again shortly." },
  timeout: { status: 503, retryAfterSeconds: 5, message: "The database did not answer in time; try again shortly." },
  contention: { status: 503, retryAfterSeconds: 1, message: "The database is busy; try again." },
  "disk-full": { status: 507, retryAfterSeconds: 60, message: "The server's disk is full: the database cannot store this change." },
  "read-only": { status: 503, retryAfterSeconds: 60, message: "The database is read-only: it accepts no changes." },
  io: { status: 503, retryAfterSeconds: 30, message: "The database could not read or write its storage (I/O error)." },
};

// Socket-level failures Node reports while connecting to or talking with PostgreSQL.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "ENETDOWN", "EAI_AGAIN", "ETIMEDOUT"]);

// node-postgres raises plain Errors without a code for these.
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^The server does not support SSL connections/,
];
const CONNECT_TIMEOUT = /^timeout exceeded when trying to connect|^Connection terminated due to connection timeout|^timeout expired/;

function fromPostgresCode(code: string): StorageFaultKind | undefined {
  if (code.startsWith("08")) return "unavailable"; // connection_exception and its subclasses
  switch (code) {
    case "57P01": // admin_shutdown: pg_terminate_backend, a fast shutdown
    case "57P02": // crash_shutdown
    case "57P03": // cannot_connect_now: starting up, shutting down, in recovery
    case "57P05": // idle_session_timeout
    case "53300": // too_many_connections
    case "53000": // insufficient_resources
    case "58000": // system_error
      return "unavailable";
    case "57014": // query_canceled: statement_timeout
    case "25P03": // idle_in_transaction_session_timeout
      return "timeout";
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
    case "55P03": // lock_not_available
      return "contention";
    case "53100": // disk_full
      return "disk-full";
    case "25006": // read_only_sql_transaction: a standby, or default_transaction_read_only
      return "read-only";
    case "58030": // io_error
    case "XX001": // data_corrupted
    case "XX002": // index_corrupted
      return "io";
  }
  return undefined;
}

function fromSqliteCode(code: string): StorageFaultKind | undefined {
  if (code === "SQLITE_FULL") return "disk-full";
  if (code.startsWith("SQLITE_READONLY")) return "read-only";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "contention";
  if (code.startsWith("SQLITE_IOERR") || code === "SQLITE_CORRUPT" || code === "SQLITE_CANTOPEN" || code === "SQLITE_NOTADB" || code === "SQLITE_PROTOCOL") return "io";
  return undefined;
}

function kindOf(error: unknown): StorageFaultKind | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("SQLITE_")) return fromSqliteCode(code);
    if (NETWORK_CODES.has(code)) return code === "ETIMEDOUT" ? "timeout" : "unavailable";
    if (/^[0-9A-Z]{5}$/.test(code)) return fromPostgresCode(code);
  }
  if (error instanceof DatabaseTimeoutError || CONNECT_TIMEOUT.test(error.message)) return "timeout";
  if (LOST_CONNECTION.some((pattern) => pattern.test(error.message))) return "unavailable";
  // Errors wrapped by an AggregateError (a connection to every address of a host refused).
  if (error instanceof AggregateError) return error.errors.map(kindOf).find((kind) => kind !== undefined);
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error ? kindOf(cause) : undefined;
}

/** The storage fault behind `error`, or undefined when it is an ordinary error. */
export function storageFault(error: unknown): StorageFault | undefined {
  const kind = kindOf(error);
  return kind === undefined ? undefined : { kind, ...FAULTS[kind] };
}

/**
 * Whether a retry may succeed where this attempt failed: any storage fault. Workers keep such
 * work for a later cycle rather than marking it failed.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  return kindOf(error) !== undefined;
}

/** A statement that got no answer within its deadline (the connection is then dropped). */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
  readonly code = "ETIMEDOUT";
}

/**
 * One log line per kind of fault, then at most one every `everyMs` while it lasts (a count of
 * the requests it failed meanwhile), so an outage of many requests stays readable in the log.
 */
export function storageFaultLogger(log: Pick<Logger, "error">, everyMs = 10_000): (fault: StorageFault, error: unknown) => void {
  const last = new Map<StorageFaultKind, { at: number; suppressed: number }>();
  return (fault, error) => {
    const now = performance.now();
    const seen = last.get(fault.kind);
    if (seen && now - seen.at < everyMs) {
      seen.suppressed++;
      return;
    }
    last.set(fault.kind, { at: now, suppressed: 0 });
    const cause = error instanceof Error ? error.message : String(error);
    log.error({ fault: fault.kind, cause, alsoFailed: seen?.suppressed ?? 0 }, `storage fault (${fault.kind}): ${fault.message} Cause: ${cause}`);
  };
}
