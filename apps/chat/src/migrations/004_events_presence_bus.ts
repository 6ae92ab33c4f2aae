// Presence (Zulip's UserPresence and per-realm PresenceSequence) and the overflow table of the
// PostgreSQL event bus.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function eventsPresenceBus(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("user_presence")
        .addColumn("user_id", "integer", (c: any) => c.primaryKey())
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("last_active_time", "bigint")
        .addColumn("last_connected_time", "bigint")
        .addColumn("last_update_id", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("user_presence_realm_update").on("user_presence").columns(["realm_id", "last_update_id"]).execute();
      await db.schema
        .createTable("presence_sequence")
        .addColumn("realm_id", "integer", (c: any) => c.primaryKey())
        .addColumn("last_update_id", "bigint", (c: any) => c.notNull())
        .execute();
      await id(db.schema.createTable("chat_event_bus"))
        .addColumn("payload", "text", (c: any) => c.notNull())
        .addColumn("created", "bigint", (c: any) => c.notNull())
        .execute();
    },
  };
}
