// Outgoing webhook bots (Zulip's Service model: the URL a bot's messages are POSTed to, its
// token and payload format) and the outbox of calls still to make, retried by a worker.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function outgoingWebhooks(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("bot_services"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("bot_id", "integer", (c: any) => c.notNull().unique())
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("base_url", "text", (c: any) => c.notNull())
        .addColumn("token", "text", (c: any) => c.notNull())
        // Zulip's interface: 1 generic (the Zulip format), 2 Slack-compatible.
        .addColumn("interface", "integer", (c: any) => c.notNull())
        .execute();
      await id(db.schema.createTable("outgoing_webhook_outbox"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("bot_id", "integer", (c: any) => c.notNull())
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addColumn("trigger", "text", (c: any) => c.notNull())
        .addColumn("failed_tries", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("next_attempt", "bigint", (c: any) => c.notNull())
        .addColumn("claimed_until", "bigint")
        .addColumn("last_error", "text")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("outgoing_webhook_outbox_due").on("outgoing_webhook_outbox").columns(["next_attempt", "id"]).execute();
    },
  };
}
