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
import type { ChatDatabase, ChatDb } from "./schema.js";

// Distinct statements kept per handle: the hot reads are a few dozen shapes (IN lists of
// varying length included); past this, the oldest is dropped (and finalized when collected).
const MAX_STATEMENTS = 256;

type Handle = NonNullable<Database<ChatDatabase>["sqlite"]>;

const handles = new WeakMap<ChatDb, Handle>();
const statements = new WeakMap<Handle, Map<string, Statement>>();

/** Lets store functions given `db` read through its raw handle (main.ts, once per database). */
export function attachSqliteHandle(db: ChatDb, handle: Handle | undefined): void {
  if (handle) handles.set(db, handle);
}

/**
 * A cached statement of `db`'s handle when a direct read is safe now (see above); undefined
 * means: use Kysely. Callers run it at once, without awaiting anything in between.
 */
export function directStatement(db: ChatDb, sql: string): Statement | undefined {
  const handle = handles.get(db);
  if (!handle || handle.inTransaction) return undefined;
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

/** The columns of a message dict (present/message.ts DictMessage), one text column of the two. */
export interface DictMessageRow {
  id: number;
  sender_id: number;
  recipient_id: number;
  stream_id: number | null;
  topic: string;
  content: string;
  rendered_content: string;
  client: string;
  date_sent: number;
  last_edit_time: number | null;
  last_moved_time: number | null;
  is_me_message: number;
}

const DICT_COLUMNS = "id, sender_id, recipient_id, stream_id, topic, client, date_sent, last_edit_time, last_moved_time, is_me_message";

/**
 * The messages with these ids as DictMessageRows, by id, when a direct read is safe (else
 * undefined: use messagesByIds). Rows come as arrays (no per-column object building by the
 * driver) and only the content column the page shows is read: `rendered_content` when
 * `rendered`, else `content`; the other is left empty.
 */
export function dictMessagesByIds(db: ChatDb, ids: number[], rendered: boolean): Map<number, DictMessageRow> | undefined {
  const text = rendered ? "rendered_content" : "content";
  const statement = directStatement(db, `select ${DICT_COLUMNS}, ${text} from messages where id in (select value from json_each(?))`);
  if (!statement) return undefined;
  const out = new Map<number, DictMessageRow>();
  for (const r of statement.raw(true).all(JSON.stringify(ids)) as unknown[][]) {
    const body = r[10] as string;
    out.set(r[0] as number, {
      id: r[0] as number,
      sender_id: r[1] as number,
      recipient_id: r[2] as number,
      stream_id: r[3] as number | null,
      topic: r[4] as string,
      client: r[5] as string,
      date_sent: r[6] as number,
      last_edit_time: r[7] as number | null,
      last_moved_time: r[8] as number | null,
      is_me_message: r[9] as number,
      content: rendered ? "" : body,
      rendered_content: rendered ? body : "",
    });
  }
  return out;
}
