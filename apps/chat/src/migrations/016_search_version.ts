// SQLite: a counter that moves whenever a message's full-text entry can change other than by
// a new message appended after every existing one (an edit of its content or topic, a
// deletion, an insert below the highest id). store/search-matches.ts remembers the complete
// match list of recent searches up to the highest message id; a new message only extends it,
// anything else makes it start over. Triggers, not the code that writes, bump it, so no writer
// is missed (any action, a CLI command, a row changed by hand) and a new number is visible
// exactly when its write commits. PostgreSQL searches its tsvector index and keeps no list.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";
import { createSqliteVersionCounter } from "./version-counter.js";

export function searchVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await createSqliteVersionCounter(db, "message_search_version", {
        messages_search_version_update: "after update of content, topic on messages",
        messages_search_version_delete: "after delete on messages",
        // A new message normally has the highest id; one inserted below another (an explicit id)
        // lands inside lists already remembered.
        messages_search_version_insert: "after insert on messages when exists (select 1 from messages where id > new.id)",
      });
    },
  };
}
