// Hot-path reads on SQLite through prepared better-sqlite3 statements, cached per handle.
// Kysely's SQLite driver prepares every query anew (parsing and planning the SQL each time);
// these are the reads every send or message fetch makes.
//
// A direct read must see exactly what a Kysely read would: only committed rows. Kysely
// serialises its queries on the one connection (a mutex held through each transaction), so a
// raw read is only safe when no transaction is open on the connection: better-sqlite3 is
// synchronous, so a read made while `inTransaction` is false cannot interleave with one. When
// a transaction is open (another request's Kysely transaction awaiting something), or `db` is
// a transaction, or the database is PostgreSQL, callers take the Kysely path as before.
import type { Database } from "@beacon/platform";
import type { Statement } from "better-sqlite3";
import type { CompiledQuery } from "kysely";
import { MESSAGE_DICT_COLUMNS, type ChatDatabase, type ChatDb, type DictMessage } from "./schema.js";

// Distinct statements kept per handle: the hot reads are a few dozen shapes (IN lists of
// varying length included); past this, the oldest is dropped (and finalized when collected).
const MAX_STATEMENTS = 256;

type Handle = NonNullable<Database<ChatDatabase>["sqlite"]>;

const handles = new WeakMap<ChatDb, Handle>();
// Kysely transactions whose callback is running: the connection is theirs until it returns.
const ownTransactions = new WeakMap<ChatDb, Handle>();
const statements = new WeakMap<Handle, Map<string, Statement>>();

/** Lets store functions given `db` read through its raw handle (main.ts, once per database). */
export function attachSqliteHandle(db: ChatDb, handle: Handle | undefined): void {
  if (handle) handles.set(db, handle);
}

/**
 * Lets reads made with `trx`, a transaction of `root` whose callback is running, go through the
 * raw handle too: Kysely holds the connection for the transaction from BEGIN to COMMIT, so a
 * raw statement on it reads the transaction's own snapshot, and no other request's query can
 * run on it meanwhile (their direct reads see `inTransaction` and queue on Kysely). Used by
 * /register's snapshot (events/system.ts), whose unread section reads tens of thousands of rows.
 */
export function attachOwnTransaction(trx: ChatDb, root: ChatDb): void {
  const handle = handles.get(root);
  if (handle) ownTransactions.set(trx, handle);
}

/**
 * A cached statement of `db`'s handle when a direct read is safe now (see above); undefined
 * means: use Kysely. Callers run it at once, without awaiting anything in between.
 */
export function directStatement(db: ChatDb, sql: string): Statement | undefined {
  const own = ownTransactions.get(db);
  const handle = own ?? handles.get(db);
  if (!handle || (!own && handle.inTransaction)) return undefined;
  let cache = statements.get(handle);
  if (!cache) statements.set(handle, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, (statement = handle.prepare(sql)));
  }
  return statement;
}

/** The rows of a compiled SELECT: through a cached statement when safe, else through Kysely. */
export async function selectRows<R>(db: ChatDb, query: CompiledQuery<R>): Promise<R[]> {
  const statement = directStatement(db, query.sql);
  if (statement) return statement.all(query.parameters) as R[];
  return (await db.executeQuery(query)).rows;
}

/** A raw row's index of each column of MESSAGE_DICT_COLUMNS; the text column comes last. */
const AT = Object.fromEntries(MESSAGE_DICT_COLUMNS.map((name, i) => [name, i])) as Record<(typeof MESSAGE_DICT_COLUMNS)[number], number>;
const TEXT_AT = MESSAGE_DICT_COLUMNS.length;

/**
 * Recently read message rows of one handle, as Zulip keeps message dicts in its cache: a page
 * of the newest messages of a busy channel is read by every member, so its rows are read from
 * SQLite once, not once per reader. A row changes only by an UPDATE or DELETE of messages, and
 * triggers count those in message_row_version (migration 019); the cache empties whenever the
 * count moves, whichever process or connection made the change. New messages need no such
 * care: their ids were never cached.
 */
class MessageRowCache {
  private version = -1;
  /** least recently used first; keyed by id, one map per content column */
  private readonly rows = [new Map<number, DictMessage>(), new Map<number, DictMessage>()];

  /** Drops everything unless `version` is the one the cached rows were read under. */
  check(version: number): void {
    if (version === this.version) return;
    this.version = version;
    for (const map of this.rows) map.clear();
  }

  get(rendered: boolean, id: number): DictMessage | undefined {
    const map = this.rows[Number(rendered)];
    const row = map.get(id);
    if (row) {
      map.delete(id);
      map.set(id, row);
    }
    return row;
  }

  set(rendered: boolean, row: DictMessage): void {
    const map = this.rows[Number(rendered)];
    map.set(row.id, row);
    if (map.size > MAX_CACHED_ROWS) map.delete(map.keys().next().value!);
  }
}

// Rows kept per content column: a few MB, and every page of the busy channels of a realm.
const MAX_CACHED_ROWS = 20_000;

const rowCaches = new WeakMap<Handle, MessageRowCache>();

/**
 * The messages with these ids as DictMessages, by id, when a direct read is safe (else
 * undefined: use messagesByIds). Rows come from the cache above when they can; the others are
 * read as arrays (no per-column object building by the driver) with only the content column
 * the page shows: `rendered_content` when `rendered`, else `content`; the other is left empty.
 * The rows are shared with later readers: callers must not change them.
 */
export function dictMessagesByIds(db: ChatDb, ids: number[], rendered: boolean): Map<number, DictMessage> | undefined {
  const text = rendered ? "rendered_content" : "content";
  const version = directStatement(db, "select version from message_row_version where id = 1");
  const statement = directStatement(db, `select ${MESSAGE_DICT_COLUMNS.join(", ")}, ${text} from messages where id in (select value from json_each(?))`);
  if (!version || !statement) return undefined;
  const handle = handles.get(db)!;
  let cache = rowCaches.get(handle);
  if (!cache) rowCaches.set(handle, (cache = new MessageRowCache()));
  cache.check(version.pluck().get() as number);

  const out = new Map<number, DictMessage>();
  const missing: number[] = [];
  for (const id of ids) {
    const row = cache.get(rendered, id);
    if (row) out.set(id, row);
    else missing.push(id);
  }
  if (!missing.length) return out;
  for (const r of statement.raw(true).all(JSON.stringify(missing)) as unknown[][]) {
    const body = r[TEXT_AT] as string;
    const row: DictMessage = {
      id: r[AT.id] as number,
      sender_id: r[AT.sender_id] as number,
      recipient_id: r[AT.recipient_id] as number,
      stream_id: r[AT.stream_id] as number | null,
      topic: r[AT.topic] as string,
      client: r[AT.client] as string,
      date_sent: r[AT.date_sent] as number,
      last_edit_time: r[AT.last_edit_time] as number | null,
      last_moved_time: r[AT.last_moved_time] as number | null,
      is_me_message: r[AT.is_me_message] as number,
      edit_history: r[AT.edit_history] as string | null,
      content: rendered ? "" : body,
      rendered_content: rendered ? body : "",
    };
    out.set(row.id, row);
    cache.set(rendered, row);
  }
  return out;
}
