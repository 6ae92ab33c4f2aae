// Scheduled messages and reminders (Zulip's ScheduledMessage with delivery_type SEND_LATER or
// REMIND): the sending client, the reminder's target message and note, and the claim token
// that lets exactly one worker deliver a row.
import type { Kysely, Migration } from "kysely";

export function scheduledMessages(): Migration {
  return {
    async up(db: Kysely<any>) {
      // SQLite takes one column per ALTER TABLE.
      const add = (name: string, type: "integer" | "text", build?: (c: any) => any) =>
        db.schema.alterTable("scheduled_messages").addColumn(name, type, build ?? ((c: any) => c)).execute();
      await add("delivery_type", "integer", (c) => c.notNull().defaultTo(1));
      await add("client", "text", (c) => c.notNull().defaultTo("Internal"));
      await add("reminder_target_message_id", "integer");
      await add("reminder_note", "text");
      await add("claim_token", "text");
      await db.schema.createIndex("scheduled_messages_owner").on("scheduled_messages").columns(["sender_id", "delivery_type", "delivered", "scheduled_timestamp"]).execute();
    },
  };
}
