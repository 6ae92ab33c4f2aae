// Mobile push delivery and widgets: the push worker's place in the message stream (push_cursor),
// the messages each user was notified of and not yet told to forget (push_notified, Zulip's
// active_mobile_push_notification flag), the outbox of notifications still to hand to the
// bouncer (push_outbox, retried with backoff), and widget submessages (Zulip's SubMessage).
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function pushOutboxSubmessages(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("push_cursor")
        .addColumn("id", "integer", (c: any) => c.primaryKey())
        .addColumn("last_message_id", "bigint", (c: any) => c.notNull())
        .addColumn("claimed_until", "bigint")
        .addColumn("claim_token", "text")
        .execute();

      await db.schema
        .createTable("push_notified")
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("push_notified_pkey", ["user_id", "message_id"])
        .execute();
      await db.schema.createIndex("push_notified_message").on("push_notified").column("message_id").execute();

      await id(db.schema.createTable("push_outbox"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("kind", "text", (c: any) => c.notNull())
        .addColumn("channel", "text", (c: any) => c.notNull())
        .addColumn("message_id", "integer")
        .addColumn("message_ids", "text")
        .addColumn("trigger", "text")
        .addColumn("mentioned_group_id", "integer")
        .addColumn("attempts", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("next_attempt", "bigint", (c: any) => c.notNull())
        .addColumn("claimed_until", "bigint")
        .addColumn("last_error", "text")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("push_outbox_due").on("push_outbox").columns(["next_attempt", "id"]).execute();

      await id(db.schema.createTable("submessages"))
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addColumn("sender_id", "integer", (c: any) => c.notNull())
        .addColumn("msg_type", "text", (c: any) => c.notNull())
        .addColumn("content", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("submessages_message").on("submessages").columns(["message_id", "id"]).execute();
    },
  };
}
