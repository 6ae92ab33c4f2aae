// Group commit for sends on SQLite. Every send's write is queued, and the writes queued
// during one event-loop turn are committed together in one IMMEDIATE transaction on the next
// turn: consecutive messages to one channel touch the same user_messages and index pages, so
// a batch appends those pages to the WAL once instead of once per message. Each caller is
// answered only after its batch has committed (nothing is acknowledged before it is durable,
// with the platform's WAL + synchronous=NORMAL guarantee), and ids are assigned by the database
// in the order the writes were queued. If a batch fails, its writes are retried one by one so
// one bad message cannot take the others down with it.
import { GroupCommitQueue } from "@beacon/platform";
import type { ChatDeps } from "../deps.js";
import { SqliteMessageStore } from "../store/sqlite-messages.js";
import type { MessageWrite, SendWritten } from "../store/message-write.js";

// Bounds the time one batch holds the event loop (on the order of 100 µs per message to 50 users).
const MAX_BATCH = 128;

/** Sends on SQLite, committed in groups (packages/platform groupCommit); resolves with the ids each wrote. */
export class SqliteMessageQueue extends GroupCommitQueue<MessageWrite, SendWritten> {
  /** `store` is the real SqliteMessageStore, or a test's stand-in without merge steps. */
  constructor(deps: Pick<ChatDeps, "db" | "log">, store: Pick<SqliteMessageStore, "transaction" | "write"> & { mergeStep?(): boolean }) {
    super({
      db: deps.db,
      store,
      maxBatch: MAX_BATCH,
      // The full-text index's segments are merged between batches, not inside them.
      idleStep: store.mergeStep?.bind(store),
      onIdleError: (error) => deps.log.warn({ err: error }, "merging the full-text index failed; retried after the next send"),
    });
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
