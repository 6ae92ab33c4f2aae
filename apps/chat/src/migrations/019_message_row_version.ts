// SQLite: a counter of changes to existing messages (any UPDATE or DELETE of a messages row).
// store/sqlite-reads.ts keeps recently read message rows in memory and drops them whenever the
// counter has moved, so an edit, a move or a deletion is never served stale, whoever made it
// (an action, a CLI command in another process, a row changed by hand). Sends only insert
// rows with new ids and leave it alone. PostgreSQL reads every row from the database.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";
import { createSqliteVersionCounter } from "./version-counter.js";

export function messageRowVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await createSqliteVersionCounter(db, "message_row_version", {
        messages_row_version_update: "after update on messages",
        messages_row_version_delete: "after delete on messages",
      });
    },
  };
}
