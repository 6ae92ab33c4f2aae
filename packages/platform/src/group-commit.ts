// Group commit for an embedded database. Writes submitted during one event-loop turn are
// committed together in one transaction on the next turn, so a burst of small writes pays
// for one commit (and one pass over shared index pages) instead of one each. Every caller
// is answered only after its batch has committed: nothing is acknowledged before it is
// durable. If a batch fails, its writes are retried one by one, so one bad write cannot
// take the others down with it.
import type { Kysely } from "kysely";

export interface GroupCommitStore<T, R> {
  /** Runs `work` in one write transaction (better-sqlite3: `transaction(work).immediate()`). */
  transaction<X>(work: () => X): X;
  /** Writes one item, synchronously, inside `transaction`. */
  write(item: T): R;
}

export interface GroupCommitOptions<T, R> {
  /** The Kysely instance sharing the connection: held during a batch, so none of its
   *  transactions interleaves with ours on the same handle. */
  db: Kysely<any>;
  store: GroupCommitStore<T, R>;
  /** Bounds how long one batch holds the event loop. */
  maxBatch: number;
  /** Called once a batch has been answered (for example to wake a worker). */
  afterBatch?: () => void;
  /**
   * Upkeep deferred from the writes, done in small steps while no writes are queued (merging a
   * full-text index's segments, say): after a batch, it is called again and again, one call per
   * event-loop turn, until it returns false or writes arrive. A write arriving meanwhile waits
   * for one step at most. A step that throws ends the steps until the next batch.
   */
  idleStep?: () => boolean;
  /** Told of a failed idle step (upkeep only: nothing acknowledged depends on it). */
  onIdleError?: (error: unknown) => void;
}

interface Queued<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupCommitQueue<T, R> {
  private queue: Queued<T, R>[] = [];
  private scheduled = false;
  private idling = false;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  /** Resolves with the write's result once it has committed; rejects if it could not be. */
  submit(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const { db, store, maxBatch, afterBatch } = this.options;
    const batch = this.queue.splice(0, maxBatch);
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    let answered = false;
    try {
      await db.connection().execute(async () => {
        let results: R[] | undefined;
        try {
          results = store.transaction(() => batch.map((queued) => store.write(queued.item)));
        } catch {
          // Retried below, each alone.
        }
        answered = true;
        if (results) {
          batch.forEach((queued, i) => queued.resolve(results[i]));
          return;
        }
        for (const queued of batch) {
          try {
            queued.resolve(store.transaction(() => store.write(queued.item)));
          } catch (error) {
            queued.reject(error);
          }
        }
      });
    } catch (error) {
      // The connection could not be had (the database is closing): nothing was written.
      if (!answered) for (const queued of batch) queued.reject(error);
    }
    afterBatch?.();
    this.startIdling();
  }

  private startIdling(): void {
    const { idleStep } = this.options;
    if (!idleStep || this.idling) return;
    this.idling = true;
    const step = () => {
      let more = false;
      try {
        // Writes came in: their batch goes first, and starts idling again once answered.
        more = this.queue.length === 0 && idleStep();
      } catch (error) {
        this.options.onIdleError?.(error);
      }
      if (more) setImmediate(step);
      else this.idling = false;
    };
    setImmediate(step);
  }
}
