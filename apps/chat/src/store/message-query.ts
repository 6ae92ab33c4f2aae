// The one query GET /messages, /messages/flags/narrow and /messages/matches_narrow run: a
// filter over either the user's own user_messages rows (the default) or a channel's whole
// history (messages left-joined to the user's flags), walked by id from an anchor.
import { sql, type RawBuilder } from "kysely";
import type { ChatDb, Dialect } from "./schema.js";
import { knownMatches } from "./search-matches.js";
import { selectRows } from "./sqlite-reads.js";
import { HISTORICAL_FLAGS } from "../lib/message-flags.js";

export type Condition = RawBuilder<unknown>;

const MAX_ID = 2147483647;

export interface MessageFilter {
  userId: number;
  /** search the messages table (channel history) instead of the user's user_messages rows */
  history: boolean;
  /** channels whose history is searched (history mode only; checked by the caller) */
  conditions: Condition[];
  /**
   * Walk by messages.id even in user mode: set when a selective message-side condition (a
   * sender) drives the query, so its (column, id) index serves the order. Walking by
   * user_messages.message_id there makes SQLite sort every match through a temporary B-tree.
   */
  byMessageId?: boolean;
  /**
   * SQLite: an FTS5 query every match satisfies (the first positive search term). Walks are
   * then driven by the full-text index in id order, so a search with many matches stops after
   * the first `limit` of them instead of listing every match before walking.
   */
  fullText?: string;
  /** the quoted terms and phrases `fullText` is the AND of (store/search-matches.ts) */
  fullTextUnits?: string[];
  /**
   * SQLite, history mode: the channel index whose (…, id) order the walk follows. Set when a
   * positive channel term (and topic term, for the topic index) is among the conditions. Left
   * to itself the planner walks the primary key backwards whenever statistics say the channel
   * holds most messages, and every message sent elsewhere since then is stepped over.
   */
  channelIndex?: "messages_stream" | "messages_stream_topic";
}

export interface IdRow {
  id: number;
  flags: number;
}

/** The user's flags for the message, or those of an unreceived historical message. */
export function flagsExpr(filter: Pick<MessageFilter, "history">): Condition {
  return filter.history ? sql`coalesce(um.flags, ${sql.lit(HISTORICAL_FLAGS)})` : sql`um.flags`;
}

/** The id column the walk orders by: the user_messages key in user mode, so its index serves. */
function idColumn(filter: MessageFilter): Condition {
  return filter.history || filter.byMessageId ? sql`m.id` : sql`um.message_id`;
}

/** The rows walked; `walk` when m is the outer loop ordered by id (not driven by other ids). */
function from(filter: MessageFilter, walk = false): Condition {
  if (!filter.history) return sql`user_messages um join messages m on m.id = um.message_id`;
  const messages = walk && filter.channelIndex ? sql`messages m indexed by ${sql.ref(filter.channelIndex)}` : sql`messages m`;
  return sql`${messages} left join user_messages um on um.user_id = ${filter.userId} and um.message_id = m.id`;
}

function where(filter: MessageFilter, extra: Condition[], driven = false): Condition {
  const all = [...(filter.history ? [] : [sql`um.user_id = ${filter.userId}`]), ...filter.conditions, ...extra];
  if (filter.fullText !== undefined && !driven) all.push(sql`m.id in (select rowid from messages_fts where messages_fts match ${filter.fullText})`);
  return all.length ? sql.join(all, sql` and `) : sql`1 = 1`;
}

/** Up to `limit` matching ids on one side of `bound` (inclusive), nearest first. */
export async function walkIds(db: ChatDb, filter: MessageFilter, direction: "before" | "after", bound: number, limit: number): Promise<IdRow[]> {
  if (limit <= 0) return [];
  // Ids are 32-bit integer columns; PostgreSQL refuses larger parameters (the "newest" sentinel).
  bound = Math.max(-1, Math.min(bound, MAX_ID));
  const order = direction === "before" ? sql`desc` : sql`asc`;
  if (filter.fullText !== undefined) {
    const known = filter.fullTextUnits && knownMatches(db, filter.fullText, filter.fullTextUnits);
    if (known) return walkKnown(db, filter, known, direction, bound, limit);
    // FTS5 returns its rowids in either order without sorting (backwards by buffering each
    // doclist), and CROSS JOIN keeps it the outer loop. Rowid windows would not help: FTS5
    // does not seek within a doclist here, so every window costs a scan of the terms' lists.
    const range = direction === "before" ? sql`f.rowid <= ${bound}` : sql`f.rowid >= ${bound}`;
    const query = sql<IdRow>`select m.id as id, ${flagsExpr(filter)} as flags from messages_fts f cross join ${from(filter)} where f.messages_fts match ${filter.fullText} and ${range} and m.id = f.rowid and ${where(filter, [], true)} order by f.rowid ${order} limit ${limit}`;
    const rows = await selectRows(db, query.compile(db));
    return rows.map((r) => ({ id: Number(r.id), flags: Number(r.flags) }));
  }
  const id = idColumn(filter);
  const range = direction === "before" ? sql`${id} <= ${bound}` : sql`${id} >= ${bound}`;
  // The SQL is the same for every page of one narrow shape: cached statements on SQLite.
  const rows = await selectRows(db, sql<IdRow>`select ${id} as id, ${flagsExpr(filter)} as flags from ${from(filter, true)} where ${where(filter, [range])} order by ${id} ${order} limit ${limit}`.compile(db));
  return rows.map((r) => ({ id: Number(r.id), flags: Number(r.flags) }));
}

// Candidates checked against the other conditions per query: enough for a page when most
// match, few enough that a query stays cheap when most do not.
const KNOWN_CHUNK = 256;

/** walkIds over a search's known matches (ascending): the other conditions checked in chunks. */
async function walkKnown(db: ChatDb, filter: MessageFilter, known: number[], direction: "before" | "after", bound: number, limit: number): Promise<IdRow[]> {
  const candidates = direction === "before" ? known.filter((id) => id <= bound).reverse() : known.filter((id) => id >= bound);
  const order = direction === "before" ? sql`desc` : sql`asc`;
  const out: IdRow[] = [];
  for (let i = 0; i < candidates.length && out.length < limit; i += KNOWN_CHUNK) {
    const chunk = JSON.stringify(candidates.slice(i, i + KNOWN_CHUNK));
    const query = sql<IdRow>`select m.id as id, ${flagsExpr(filter)} as flags from json_each(${chunk}) j cross join ${from(filter)} where m.id = j.value and ${where(filter, [], true)} order by m.id ${order} limit ${limit - out.length}`;
    for (const r of await selectRows(db, query.compile(db))) out.push({ id: Number(r.id), flags: Number(r.flags) });
  }
  return out;
}

/** The matching ids among `ids`. */
export async function matchingIds(db: ChatDb, filter: MessageFilter, wanted: number[]): Promise<IdRow[]> {
  const ids = wanted.filter((id) => id >= 0 && id <= MAX_ID);
  if (!ids.length) return [];
  const id = idColumn(filter);
  const { rows } = await sql<IdRow>`select ${id} as id, ${flagsExpr(filter)} as flags from ${from(filter)} where ${where(filter, [sql`${id} in (${sql.join(ids)})`])} order by ${id}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), flags: Number(r.flags) }));
}

/** The first matching id satisfying `extra`, oldest first (first_unread, date anchors). */
export async function firstId(db: ChatDb, filter: MessageFilter, extra: Condition[]): Promise<number | undefined> {
  const id = idColumn(filter);
  const { rows } = await sql<{ id: number }>`select ${id} as id from ${from(filter, true)} where ${where(filter, extra)} order by ${id} asc limit 1`.execute(db);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** Full-text match of `m`, in each dialect's own engine. */
export function searchCondition(dialect: Dialect, words: string[], phrases: string[]): Condition {
  if (dialect === "postgres") {
    const parts = [...words.map((w) => sql`m.search_tsv @@ plainto_tsquery('english', ${w})`), ...phrases.map((p) => sql`m.search_tsv @@ phraseto_tsquery('english', ${p})`)];
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`1 = 1`;
  }
  const query = ftsQuery(words, phrases);
  if (!query) return sql`1 = 1`;
  return sql`m.id in (select rowid from messages_fts where messages_fts match ${query})`;
}

/** The FTS5 query of search keywords and phrases (every one required); "" when there are none. */
export function ftsQuery(words: string[], phrases: string[]): string {
  return ftsUnits(words, phrases).join(" ");
}

/** Each keyword and phrase quoted as an FTS5 phrase: the units ftsQuery requires together. */
export function ftsUnits(words: string[], phrases: string[]): string[] {
  return [...words, ...phrases].map((s) => `"${s.replace(/"/g, '""')}"`);
}
