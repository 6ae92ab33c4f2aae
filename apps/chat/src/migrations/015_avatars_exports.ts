// Realm exports get a claim column (date_started: the background job that took the export,
// so two processes never build the same one and a job that died can be taken over), and each
// channel gets its incoming e-mail tokens, one per (channel, creator, sender) as Zulip's
// ChannelEmailAddress.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function avatarsExports(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("realm_exports").addColumn("date_started", "bigint").execute();
      const table = db.schema.createTable("channel_email_addresses");
      await (dialect === "postgres" ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()))
        .addColumn("realm_id", "integer", (c) => c.notNull().references("realms.id"))
        .addColumn("stream_id", "integer", (c) => c.notNull().references("streams.id"))
        .addColumn("creator_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("email_token", "text", (c) => c.notNull().unique())
        .addColumn("date_created", "bigint", (c) => c.notNull())
        .addUniqueConstraint("channel_email_addresses_key", ["stream_id", "creator_id", "sender_id"])
        .execute();
    },
  };
}
