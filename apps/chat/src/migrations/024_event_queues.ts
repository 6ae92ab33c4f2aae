// Event queues saved by a process stopping on SIGTERM and claimed by the next start of the
// same process (Zulip's Tornado dumps its queues to a file on shutdown and reloads them).
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function eventQueues(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("event_queues")
        .addColumn("queue_id", "text", (c: any) => c.primaryKey())
        // CHAT_EVENT_PROCESS of the saving process; "" for an unnamed one.
        .addColumn("process", "text", (c: any) => c.notNull())
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        // The client's options and pending events as JSON (events/persist.ts).
        .addColumn("state", "text", (c: any) => c.notNull())
        // The newest message id when saved: newer messages are replayed on load.
        .addColumn("last_message_id", "bigint", (c: any) => c.notNull())
        .addColumn("saved_at", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("event_queues_process").on("event_queues").column("process").execute();
    },
  };
}
