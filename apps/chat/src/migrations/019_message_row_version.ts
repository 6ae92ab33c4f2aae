// SQLite: a counter of changes to existing messages (any UPDATE or DELETE of a messages row).
// store/sqlite-reads.ts keeps recently read message rows in memory and drops them whenever the
// counter has moved, so an edit, a move or a deletion is never served stale, whoever made it
// (an action, a CLI command in another process, a row changed by hand). Sends only insert
// rows with new ids and leave it alone. PostgreSQL reads every row from the database.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function messageRowVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await sql`create table message_row_version (id integer primary key, version integer not null)`.execute(db);
      await sql`insert into message_row_version (id, version) values (1, 1)`.execute(db);
      const bump = "update message_row_version set version = version + 1 where id = 1";
      await sql.raw(`create trigger messages_row_version_update after update on messages begin ${bump}; end`).execute(db);
      await sql.raw(`create trigger messages_row_version_delete after delete on messages begin ${bump}; end`).execute(db);
    },
  };
}
