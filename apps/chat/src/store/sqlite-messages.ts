// The message write on SQLite's hot path: the statements of a send (store/message-write.ts)
// prepared once as better-sqlite3 statements and run synchronously inside one IMMEDIATE
// transaction per batch of sends (group commit, see actions/message-queue.ts). Callers must
// hold Kysely's connection (db.connection()) so no Kysely transaction is open on the same
// handle meanwhile. It runs the steps store/message-write.ts describes, as the Kysely path does.
import type { Database } from "@beacon/platform";
import type { Statement } from "better-sqlite3";
import type { ChatDatabase } from "./schema.js";
import { SEND_STATEMENTS, sendWriteSteps, type MessageWrite, type SendWritten, type WriteStatement } from "./message-write.js";

type Handle = NonNullable<Database<ChatDatabase>["sqlite"]>;

// Leaf pages one merge step writes: well under a millisecond here, and enough to keep up with
// the segments batches create (about one page of postings per batch).
const MERGE_STEP_PAGES = 16;

export class SqliteMessageStore {
  /** each statement of a send, prepared: `:name` parameters bound from a row by name, readers plucked */
  private readonly prepared = new Map<WriteStatement, Statement>();
  private readonly merge;
  private readonly totalChanges;

  constructor(private readonly sqlite: Handle) {
    for (const statement of Object.values(SEND_STATEMENTS)) {
      const prepared = sqlite.prepare(statement.sql);
      this.prepared.set(statement, prepared.reader ? prepared.pluck() : prepared);
    }
    this.merge = sqlite.prepare(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('merge', ${MERGE_STEP_PAGES})`);
    this.totalChanges = sqlite.prepare<[], number>("SELECT total_changes()").pluck();
  }

  /** Runs `work` in one IMMEDIATE transaction: it waits for other writers, never upgrades. */
  transaction<T>(work: () => T): T {
    return this.sqlite.transaction(work).immediate();
  }

  /** Writes one message; returns the ids the database assigned. */
  write(w: MessageWrite): SendWritten {
    const steps = sendWriteSteps(w);
    let step = steps.next();
    while (!step.done) {
      const statement = this.prepared.get(step.value.statement)!;
      let answer: number | undefined;
      // One row at a time: faster here than one multi-row INSERT (docs/performance.md).
      if (!("row" in step.value)) for (const row of step.value.rows) statement.run(row);
      else if (statement.reader) answer = statement.get(step.value.row) as number | undefined;
      else statement.run(step.value.row);
      step = steps.next(answer);
    }
    return step.value;
  }

  /**
   * One bounded step of merging the full-text index's segments (FTS5 automerge is off, see
   * migration 018); true while there is more to merge. Skipped (false) while a transaction
   * is open on the connection or once it is closed: the next batch starts the steps again.
   */
  mergeStep(): boolean {
    if (!this.sqlite.open || this.sqlite.inTransaction) return false;
    const before = this.totalChanges.get()!;
    this.merge.run();
    // FTS5's own test for a merge that found nothing to do: fewer than two rows changed.
    return this.totalChanges.get()! - before >= 2;
  }
}
