// What one send writes, described once: the statements (which rows, which columns, which
// conditional updates) and the order a send runs them in (sendWriteSteps). Each dialect
// executes that description: store/sqlite-messages.ts prepares the statements for SQLite's
// group commit, runSendWrite below runs them through Kysely (PostgreSQL, and the SQLite sends
// that need a transaction of their own). A column or row added here is written by both.
import { CompiledQuery, type Insertable } from "kysely";
import type { ChatDatabase, ChatDb, Dialect, MessageTable } from "./schema.js";
import { dmKey, RECIPIENT_DM, RECIPIENT_STREAM } from "./messages.js";
import { VISIBILITY_INHERIT } from "./user-topics.js";

/** Everything one send writes, decided before its transaction starts. */
export interface MessageWrite {
  realmId: number;
  /** the channel of a channel message; undefined for a direct message */
  streamId?: number;
  /** direct-message participants, sorted (the sender included) */
  dmUserIds?: number[];
  message: Omit<MessageRow, "recipient_id">;
  /** user id -> flags bitmask */
  flags: Map<number, number>;
  /** the channel had no first message when the send was checked */
  firstInStream: boolean;
  /** user id -> the topic's new visibility policy (channel messages only) */
  visibility: Map<number, number>;
}

/** One statement of a send: its SQL in the words both databases share, and its parameters. */
export interface WriteStatement {
  /** the SQL, each parameter written as `:name` */
  sql: string;
  /** the parameters' names, in the order they appear */
  params: readonly string[];
  /** only SQLite has the row (PostgreSQL computes its full-text column itself) */
  sqliteOnly?: true;
  /** what PostgreSQL runs instead, in the same words (the message insert also returns its transaction id) */
  postgresSql?: string;
}

/** What a send wrote that the caller did not know before: the ids the database assigned. */
export interface SendWritten {
  id: number;
  recipientId: number;
}

type Table = keyof ChatDatabase | "messages_fts";

const list = (names: readonly string[], each = (name: string) => name) => names.map(each).join(", ");
const matching = (names: readonly string[]) => names.map((name) => `${name} = :${name}`).join(" AND ");

function insert(table: Table, columns: readonly string[], tail = ""): WriteStatement {
  return { sql: `INSERT INTO ${table} (${list(columns)}) VALUES (${list(columns, (c) => `:${c}`)})${tail}`, params: columns };
}

function selectId(table: Table, key: readonly string[]): WriteStatement {
  return { sql: `SELECT id FROM ${table} WHERE ${matching(key)}`, params: key };
}

/** Sets a column that is still NULL: two sends may both have seen it unset. */
function setIfNull(table: Table, column: string, key: string): WriteStatement {
  return { sql: `UPDATE ${table} SET ${column} = :${column} WHERE ${key} = :${key} AND ${column} IS NULL`, params: [column, key] };
}

function upsert(table: Table, key: readonly string[], columns: readonly string[]): WriteStatement {
  const changes = list(columns.filter((c) => !key.includes(c)), (c) => `${c} = excluded.${c}`);
  return insert(table, columns, ` ON CONFLICT (${list(key)}) DO UPDATE SET ${changes}`);
}

function remove(table: Table, key: readonly string[]): WriteStatement {
  return { sql: `DELETE FROM ${table} WHERE ${matching(key)}`, params: key };
}

/** The messages row's columns. */
export const MESSAGE_COLUMNS = [
  "realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key", "content", "rendered_content", "client", "date_sent",
  "last_edit_time", "last_moved_time", "edit_history", "has_link", "has_image", "has_attachment", "is_me_message",
] as const satisfies readonly (keyof MessageTable)[];

// A column of MessageTable left out of MESSAGE_COLUMNS fails to compile here.
type UnlistedColumn = Exclude<keyof Insertable<MessageTable>, "id" | (typeof MESSAGE_COLUMNS)[number]>;
const everyColumnListed: [UnlistedColumn] extends [never] ? true : UnlistedColumn = true;
void everyColumnListed;

/** A messages row as a send writes it: every column given, NULL included. */
export type MessageRow = { [C in (typeof MESSAGE_COLUMNS)[number]]-?: Exclude<Insertable<MessageTable>[C], undefined> };

const USER_TOPIC_KEY = ["user_id", "stream_id", "topic_key"] as const;

/** The statements of a send. */
export const SEND_STATEMENTS = {
  channelRecipient: selectId("recipients", ["stream_id"]),
  dmRecipient: selectId("recipients", ["realm_id", "user_ids"]),
  // Created on first use; a concurrent send may create it first.
  newRecipient: insert("recipients", ["realm_id", "type", "stream_id", "user_ids"], " ON CONFLICT DO NOTHING"),
  // PostgreSQL: the writing transaction's id too, the message event's commit stamp (events/stamp.ts).
  message: { ...insert("messages", MESSAGE_COLUMNS, " RETURNING id"), postgresSql: insert("messages", MESSAGE_COLUMNS, " RETURNING id, CAST(pg_current_xact_id() AS text) AS xid").sql },
  fullText: { ...insert("messages_fts", ["rowid", "topic", "content"]), sqliteOnly: true },
  userMessage: insert("user_messages", ["user_id", "message_id", "flags"]),
  firstMessage: setIfNull("streams", "first_message_id", "id"),
  clearUserTopic: remove("user_topics", USER_TOPIC_KEY),
  userTopic: upsert("user_topics", USER_TOPIC_KEY, [...USER_TOPIC_KEY, "topic_name", "visibility_policy", "last_updated"]),
} satisfies Record<string, WriteStatement>;

export type Row = Record<string, unknown>;

/** One statement to run, for one row or for many (which a dialect may write in one go). */
export type SendStep = { statement: WriteStatement; row: Row } | { statement: WriteStatement; rows: Row[] };

/**
 * The steps of one send, in order. A step that reads (a recipient's id) or inserts the
 * message is answered with the id it found or made (undefined: none); the walk returns the
 * message's and its recipient's ids.
 */
export function* sendWriteSteps(w: MessageWrite): Generator<SendStep, SendWritten, number | undefined> {
  const s = SEND_STATEMENTS;
  const recipient =
    w.streamId !== undefined
      ? { find: s.channelRecipient, row: { realm_id: w.realmId, type: RECIPIENT_STREAM, stream_id: w.streamId, user_ids: null } }
      : { find: s.dmRecipient, row: { realm_id: w.realmId, type: RECIPIENT_DM, stream_id: null, user_ids: dmKey(w.dmUserIds!) } };
  let found = yield { statement: recipient.find, row: recipient.row };
  if (found === undefined) {
    yield { statement: s.newRecipient, row: recipient.row };
    found = yield { statement: recipient.find, row: recipient.row };
  }
  const recipientId = found!;
  const { message } = w;
  const id = (yield { statement: s.message, row: { ...message, recipient_id: recipientId } })!;
  yield { statement: s.fullText, row: { rowid: id, topic: message.topic, content: message.content } };
  yield { statement: s.userMessage, rows: Array.from(w.flags, ([user_id, flags]) => ({ user_id, message_id: id, flags })) };
  if (w.streamId !== undefined) {
    if (w.firstInStream) yield { statement: s.firstMessage, row: { id: w.streamId, first_message_id: id } };
    for (const [user_id, visibility_policy] of w.visibility) {
      const key = { user_id, stream_id: w.streamId, topic_key: message.topic_key };
      yield visibility_policy === VISIBILITY_INHERIT
        ? { statement: s.clearUserTopic, row: key }
        : { statement: s.userTopic, row: { ...key, topic_name: message.topic, visibility_policy, last_updated: message.date_sent } };
    }
  }
  return { id, recipientId };
}

/** A statement's parameters for one row, in order; a column the row leaves out is NULL. */
export const bind = (statement: WriteStatement, row: Row): unknown[] => statement.params.map((name) => row[name] ?? null);

// Rows per multi-row INSERT: well under both databases' bound-parameter limits.
const ROWS_PER_INSERT = 5000;

/**
 * Runs one send's steps through Kysely, in the caller's transaction; returns the ids it wrote
 * and, on PostgreSQL, the transaction's id.
 */
export async function runSendWrite(trx: ChatDb, dialect: Dialect, w: MessageWrite): Promise<SendWritten & { xid?: number }> {
  let n = 0;
  const placeholder = dialect === "postgres" ? () => `$${++n}` : () => "?";
  const text = (sql: string) => {
    n = 0;
    return sql.replace(/:\w+/g, placeholder);
  };
  const steps = sendWriteSteps(w);
  let xid: string | undefined;
  let step = steps.next();
  while (!step.done) {
    const { statement } = step.value;
    let answer: number | undefined;
    if (statement.sqliteOnly && dialect !== "sqlite") answer = undefined;
    else if ("row" in step.value) {
      const sql = (dialect === "postgres" && statement.postgresSql) || statement.sql;
      const { rows } = await trx.executeQuery<{ id: number; xid?: string }>(CompiledQuery.raw(text(sql), bind(statement, step.value.row)));
      answer = rows[0]?.id;
      xid ??= rows[0]?.xid;
    } else {
      // Many rows: one INSERT per chunk, its VALUES list repeated.
      const [head, values] = statement.sql.split(" VALUES ");
      const all = step.value.rows;
      for (let i = 0; i < all.length; i += ROWS_PER_INSERT) {
        const chunk = all.slice(i, i + ROWS_PER_INSERT);
        await trx.executeQuery(CompiledQuery.raw(text(`${head} VALUES ${chunk.map(() => values).join(", ")}`), chunk.flatMap((row) => bind(statement, row))));
      }
    }
    step = steps.next(answer);
  }
  return xid === undefined ? step.value : { ...step.value, xid: Number(xid) };
}
