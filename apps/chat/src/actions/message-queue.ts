// Group commit for sends on SQLite. Every send's write is queued, and the writes queued
// during one event-loop turn are committed together in one IMMEDIATE transaction on the next
// turn: consecutive messages to one channel touch the same user_messages and index pages, so
// a batch appends those pages to the WAL once instead of once per message. Each caller is
// answered only after its batch has committed (nothing is acknowledged before it is durable,
// with the platform's WAL + synchronous=NORMAL guarantee), and ids are assigned by the database
// in the order the writes were queued. If a batch fails, its writes are retried one by one so
// one bad message cannot take the others down with it.
import type { ChatDeps } from "../deps.js";
import { SqliteMessageStore, type MessageWrite } from "../store/sqlite-messages.js";

interface Queued {
  write: MessageWrite;
  resolve(id: number): void;
  reject(error: unknown): void;
}

// Bounds the time one batch holds the event loop (on the order of 100 µs per message to 50 users).
const MAX_BATCH = 128;

export class SqliteMessageQueue {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(
    private readonly deps: Pick<ChatDeps, "db">,
    private readonly store: Pick<SqliteMessageStore, "transaction" | "write">,
  ) {}

  /** Resolves with the message id once the write has committed; rejects if it could not be. */
  submit(write: MessageWrite): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    let answered = false;
    try {
      // Holding Kysely's connection keeps its transactions out of ours (same handle).
      await this.deps.db.connection().execute(async () => {
        let ids: number[] | undefined;
        try {
          ids = this.store.transaction(() => batch.map((item) => this.store.write(item.write)));
        } catch {
          // Retried below, each alone.
        }
        answered = true;
        if (ids) {
          batch.forEach((item, i) => item.resolve(ids[i]));
          return;
        }
        for (const item of batch) {
          try {
            item.resolve(this.store.transaction(() => this.store.write(item.write)));
          } catch (error) {
            item.reject(error);
          }
        }
      });
    } catch (error) {
      // The connection could not be had (database closing): nothing was written.
      if (!answered) for (const item of batch) item.reject(error);
    }
  }
}

const queues = new WeakMap<object, SqliteMessageQueue>();

/** The deps' send queue, made on first use; undefined when the database is not SQLite. */
export function sqliteMessageQueue(deps: ChatDeps): SqliteMessageQueue | undefined {
  if (!deps.sqlite) return undefined;
  let queue = queues.get(deps);
  if (!queue) {
    queue = new SqliteMessageQueue(deps, new SqliteMessageStore(deps.sqlite));
    queues.set(deps, queue);
  }
  return queue;
}

/** Replaces the deps' send queue (tests: a queue over a store that fails). */
export function useMessageQueue(deps: ChatDeps, queue: SqliteMessageQueue): void {
  queues.set(deps, queue);
}
