// Messages and everything hanging off them: recipients, per-user flags (Zulip's UserMessage),
// reactions, scheduled messages, topic visibility, full-text search, and the realm and user
// settings that govern sending and editing.
//
// Indexes follow the narrows GET /messages serves: a channel (stream_id, id), a topic
// (stream_id, topic_key, id), a conversation (recipient_id, id), a sender (sender_id, id), and
// partial indexes on user_messages for the flag narrows (is:unread, is:starred, is:mentioned,
// is:dm), so each narrow walks one index backwards from its anchor.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";
import { FLAG_BITS } from "../lib/message-flags.js";

export function messages(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));

  return {
    async up(db: Kysely<any>) {
      // type 2: a channel; type 3: a direct-message conversation (its sorted member ids).
      await id(db.schema.createTable("recipients"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("type", "integer", (c: any) => c.notNull())
        .addColumn("stream_id", "integer")
        .addColumn("user_ids", "text")
        .execute();
      await db.schema.createIndex("recipients_stream").unique().on("recipients").column("stream_id").execute();
      await db.schema.createIndex("recipients_dm").unique().on("recipients").columns(["realm_id", "user_ids"]).execute();

      let table = id(db.schema.createTable("messages"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("sender_id", "integer", (c: any) => c.notNull())
        .addColumn("recipient_id", "integer", (c: any) => c.notNull())
        .addColumn("stream_id", "integer")
        .addColumn("topic", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("topic_key", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c: any) => c.notNull())
        .addColumn("rendered_content", "text", (c: any) => c.notNull())
        .addColumn("client", "text", (c: any) => c.notNull().defaultTo("Internal"))
        .addColumn("date_sent", "bigint", (c: any) => c.notNull())
        .addColumn("last_edit_time", "bigint")
        .addColumn("last_moved_time", "bigint")
        .addColumn("edit_history", "text")
        .addColumn("has_link", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("has_image", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("has_attachment", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("is_me_message", "integer", (c: any) => c.notNull().defaultTo(0));
      if (dialect === "postgres") {
        table = table.addColumn("search_tsv", sql`tsvector`, (c: any) => c.generatedAlwaysAs(sql`to_tsvector('english', topic || ' ' || content)`).stored());
      }
      await table.execute();
      await db.schema.createIndex("messages_stream_topic").on("messages").columns(["stream_id", "topic_key", "id"]).execute();
      await db.schema.createIndex("messages_stream").on("messages").columns(["stream_id", "id"]).execute();
      await db.schema.createIndex("messages_recipient").on("messages").columns(["recipient_id", "id"]).execute();
      await db.schema.createIndex("messages_sender").on("messages").columns(["sender_id", "id"]).execute();
      await db.schema.createIndex("messages_realm_date").on("messages").columns(["realm_id", "date_sent"]).execute();
      if (dialect === "postgres") {
        await sql`create index messages_search on messages using gin (search_tsv)`.execute(db);
      } else {
        // Contentless: the text lives in messages; the index keeps only postings, keyed by id.
        await sql`create virtual table messages_fts using fts5(topic, content, content='', contentless_delete=1, tokenize='porter unicode61')`.execute(db);
      }

      await db.schema
        .createTable("user_messages")
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addColumn("flags", "integer", (c: any) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("user_messages_pk", ["user_id", "message_id"])
        .execute();
      await db.schema.createIndex("user_messages_message").on("user_messages").column("message_id").execute();
      const partial = async (name: string, mask: number, unset = false) =>
        sql`create index ${sql.ref(name)} on user_messages (user_id, message_id) where (flags & ${sql.lit(mask)}) ${sql.raw(unset ? "= 0" : "<> 0")}`.execute(db);
      await partial("user_messages_unread", FLAG_BITS.read, true);
      await partial("user_messages_starred", FLAG_BITS.starred);
      await partial("user_messages_mentioned", FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned);
      await partial("user_messages_private", FLAG_BITS.is_private);

      await id(db.schema.createTable("reactions"))
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("emoji_name", "text", (c: any) => c.notNull())
        .addColumn("emoji_code", "text", (c: any) => c.notNull())
        .addColumn("reaction_type", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("reactions_unique").unique().on("reactions").columns(["message_id", "user_id", "reaction_type", "emoji_code"]).execute();

      await id(db.schema.createTable("scheduled_messages"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull())
        .addColumn("sender_id", "integer", (c: any) => c.notNull())
        .addColumn("type", "text", (c: any) => c.notNull())
        .addColumn("stream_id", "integer")
        .addColumn("to_user_ids", "text")
        .addColumn("topic", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("content", "text", (c: any) => c.notNull())
        .addColumn("rendered_content", "text", (c: any) => c.notNull())
        .addColumn("scheduled_timestamp", "bigint", (c: any) => c.notNull())
        .addColumn("read_by_sender", "integer")
        .addColumn("delivered", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("failed", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("failure_message", "text")
        .addColumn("delivered_message_id", "integer")
        .addColumn("claimed_until", "bigint")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("scheduled_messages_due").on("scheduled_messages").columns(["delivered", "scheduled_timestamp"]).execute();
      await db.schema.createIndex("scheduled_messages_sender").on("scheduled_messages").columns(["sender_id", "delivered"]).execute();

      await db.schema
        .createTable("user_topics")
        .addColumn("user_id", "integer", (c: any) => c.notNull())
        .addColumn("stream_id", "integer", (c: any) => c.notNull())
        .addColumn("topic_key", "text", (c: any) => c.notNull())
        .addColumn("topic_name", "text", (c: any) => c.notNull())
        .addColumn("visibility_policy", "integer", (c: any) => c.notNull())
        .addColumn("last_updated", "bigint", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("user_topics_pk", ["user_id", "stream_id", "topic_key"])
        .execute();

      // Settings with Zulip's defaults; a missing row means every default.
      await db.schema
        .createTable("realm_message_settings")
        .addColumn("realm_id", "integer", (c: any) => c.primaryKey())
        .addColumn("allow_message_editing", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("message_content_edit_limit_seconds", "integer")
        .addColumn("message_content_delete_limit_seconds", "integer")
        .addColumn("move_messages_within_stream_limit_seconds", "integer")
        .addColumn("move_messages_between_streams_limit_seconds", "integer")
        .addColumn("message_edit_history_visibility_policy", "text", (c: any) => c.notNull().defaultTo("all"))
        .addColumn("topics_policy", "text", (c: any) => c.notNull().defaultTo("allow_empty_topic"))
        .addColumn("moderation_request_channel_id", "integer")
        .execute();
      await db.schema
        .createTable("user_message_settings")
        .addColumn("user_id", "integer", (c: any) => c.primaryKey())
        .addColumn("automatically_follow_topics_policy", "integer", (c: any) => c.notNull())
        .addColumn("automatically_unmute_topics_in_muted_streams_policy", "integer", (c: any) => c.notNull())
        .addColumn("automatically_follow_topics_where_mentioned", "integer", (c: any) => c.notNull())
        .execute();
    },
  };
}
