// SQLite: the complete match lists of recent full-text searches, so a search with few or no
// matches does not read the terms' whole doclists on every request.
//
// Why: FTS5 finds the first row of an AND of terms by walking the terms' doclists from their
// start, and applies a rowid bound only after that, so a search whose terms are common but
// never occur together ("kernel budget" on the bench seed: two 166,000-entry lists) costs a
// full scan on every page, whatever bound is given (a detail=none table only saved 10–15% of
// it). A single term, on the other hand, seeks to a rowid bound through its doclist index.
//
// So: a query's matches up to the highest message id (`upTo`) are listed once; later requests
// add only the rows above `upTo`, found with one single-term (seeking) lookup per term and
// intersected here, since a row matches the query exactly when it matches each of its terms.
// The list is valid while message_search_version (migration 016) is unchanged: its triggers
// bump it on every edit of a message's content or topic, every deletion and every insert below
// the highest id, i.e. on any change of the index other than appending. Lists of more than
// MAX_MATCHES ids are not kept (such searches fill a page from the index quickly).
//
// The version and the highest id are read before the index, so a write committed in between
// (only possible from another process) makes the list newer than its label, never older, and
// the next request starts over.
import type { ChatDb } from "./schema.js";
import { directStatement } from "./sqlite-reads.js";

const MAX_MATCHES = 2000;
const MAX_QUERIES = 128;

interface Entry {
  version: number;
  upTo: number;
  /** ascending; undefined: more than MAX_MATCHES */
  ids: number[] | undefined;
}

const caches = new WeakMap<ChatDb, Map<string, Entry>>();

// A unit holding an ASCII letter or digit yields at least one token under unicode61; a unit
// yielding none is dropped from an FTS5 AND but alone matches nothing, so the per-term lookups
// would differ from the query. Searches with such a unit are not listed.
const HAS_TOKEN = /[A-Za-z0-9]/;

/**
 * Every id matching the FTS5 `query` (the AND of the quoted `units`), ascending, when known or
 * cheap to know; undefined when the caller must walk the index itself (not SQLite, a
 * transaction open on the connection, too many matches, or a unit without a plain token).
 */
export function knownMatches(db: ChatDb, query: string, units: string[]): number[] | undefined {
  if (!units.length || !units.every((u) => HAS_TOKEN.test(u))) return undefined;
  const versionRead = directStatement(db, "select version from message_search_version where id = 1");
  const maxRead = directStatement(db, "select coalesce(max(id), 0) as id from messages");
  if (!versionRead || !maxRead) return undefined;
  const version = Number((versionRead.get() as { version: number } | undefined)?.version);
  const maxId = Number((maxRead.get() as { id: number }).id);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let entry = cache.get(query);
  if (entry && (entry.version !== version || entry.upTo > maxId)) entry = undefined;
  if (entry && !entry.ids) return undefined;
  if (entry?.ids) {
    if (entry.upTo < maxId) {
      const added = appended(db, units, entry.upTo, maxId);
      if (!added) return undefined;
      entry.ids = entry.ids.length + added.length > MAX_MATCHES ? undefined : entry.ids.concat(added);
      entry.upTo = maxId;
    }
    // Most recently used last: the first key is the one dropped.
    cache.delete(query);
    cache.set(query, entry);
    return entry.ids;
  }
  const all = directStatement(db, "select rowid as id from messages_fts where messages_fts match ? and rowid <= ? order by rowid limit ?");
  if (!all) return undefined;
  const rows = all.all(query, maxId, MAX_MATCHES + 1) as { id: number }[];
  const ids = rows.length > MAX_MATCHES ? undefined : rows.map((r) => Number(r.id));
  if (cache.size >= MAX_QUERIES) cache.delete(cache.keys().next().value!);
  cache.set(query, { version, upTo: maxId, ids });
  return ids;
}

/** The ids in (after, upTo] matching every unit: one seeking lookup per unit, intersected. */
function appended(db: ChatDb, units: string[], after: number, upTo: number): number[] | undefined {
  const lookup = directStatement(db, "select rowid as id from messages_fts where messages_fts match ? and rowid > ? and rowid <= ? order by rowid");
  if (!lookup) return undefined;
  let ids: number[] | undefined;
  for (const unit of units) {
    const found = (lookup.all(unit, after, upTo) as { id: number }[]).map((r) => Number(r.id));
    if (!ids) ids = found;
    else {
      const keep = new Set(found);
      ids = ids.filter((id) => keep.has(id));
    }
    if (!ids.length) break;
  }
  return ids ?? [];
}
