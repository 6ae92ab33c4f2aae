// SQLite: FTS5's automatic merging of index segments is switched off. Every send batch adds a
// small segment, and with automerge on, FTS5 pays for merging them inside the writing
// transaction: every 64 pages of new postings, one batch merged several hundred pages
// (5–45 ms on the send path). The send queue now merges in small steps between batches
// instead (store/sqlite-messages.ts mergeStep, packages/platform groupCommit idleStep).
// Should the steps fall behind under a load without pauses, FTS5's crisis merge (a level
// reaching 16 segments) still bounds the number of segments a search reads.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function ftsMergesOffSendPath(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await sql`insert into messages_fts (messages_fts, rank) values ('automerge', 0)`.execute(db);
    },
  };
}
