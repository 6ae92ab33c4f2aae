// Serialized answers of the check reads (GET /api/vN/checks/ and one check), kept on
// SQLite while the database has not changed, as its change stamp tells (change-stamp.ts: any
// write by anyone moves it), asked on every request. Entries also expire when the clock
// reaches the first instant a check's computed status would change (statusStableUntil), the
// only part of a check's JSON that moves with time.
// Trade-off: any write anywhere in the database (a ping to any check) invalidates every
// entry, so this serves bursts of reads between writes; the uncached path stays the norm
// under steady pings. PostgreSQL has no such cheap question and is never cached.
import { ChangeStamp, type Handle } from "./change-stamp.js";

interface Entry {
  stamp: string;
  validUntil: number;
  body: Buffer;
}

// Bounds: the entries, and the bytes held (a project of 10,000 checks is ~10 MB).
const MAX_ENTRIES = 512;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 4 * 1024 * 1024;

export class ReadCache {
  private readonly changes: ChangeStamp;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly sqlite: Handle) {
    this.changes = new ChangeStamp(sqlite);
  }

  /**
   * The database's change stamp now; undefined while a transaction is open on the
   * connection (its uncommitted rows must neither be cached nor hide behind an old entry).
   */
  stamp(): string | undefined {
    if (this.sqlite.inTransaction) return undefined;
    return this.changes.read();
  }

  get(key: string, stamp: string, now: number): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.stamp === stamp && now < entry.validUntil) return entry.body;
    this.drop(key, entry);
    return undefined;
  }

  /** `stamp` must have been taken before the rows behind `body` were read. */
  set(key: string, stamp: string, validUntil: number, body: Buffer): void {
    if (body.length > MAX_ENTRY_BYTES) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { stamp, validUntil, body });
    this.bytes += body.length;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

const caches = new WeakMap<Handle, ReadCache>();

/** The handle's cache, made on first use; undefined when the database is not SQLite. */
export function readCache(sqlite: Handle | undefined): ReadCache | undefined {
  if (!sqlite) return undefined;
  let cache = caches.get(sqlite);
  if (!cache) {
    cache = new ReadCache(sqlite);
    caches.set(sqlite, cache);
  }
  return cache;
}
