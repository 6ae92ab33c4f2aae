// SQLite: migration 016's insert trigger asked "is there a message above the new one?" with
// `exists (select 1 from messages where id > new.id)`. With the statistics of a large history
// (few senders), the planner answered that by a skip-scan of messages_sender, one seek per
// sender: about 50 µs of every send on the bench seed. Comparing with max(id) reads the last
// entry of the table's own b-tree, whatever the statistics say. Same condition, same counter.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function searchVersionInsertTrigger(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== "sqlite") return;
      await sql`drop trigger messages_search_version_insert`.execute(db);
      await sql`create trigger messages_search_version_insert after insert on messages when new.id < (select max(id) from messages) begin update message_search_version set version = version + 1 where id = 1; end`.execute(db);
    },
  };
}
