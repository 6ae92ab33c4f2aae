// Per-user state: user status, muted users, drafts, saved snippets and bot storage.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function userExtras(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("user_status")
        .addColumn("user_id", "integer", (c: any) => c.primaryKey().references("users.id"))
        .addColumn("status_text", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("emoji_name", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("emoji_code", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("reaction_type", "text", (c: any) => c.notNull().defaultTo("unicode_emoji"))
        .addColumn("timestamp", "bigint", (c: any) => c.notNull())
        .execute();

      await id(db.schema.createTable("muted_users"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("muted_user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("date_muted", "bigint", (c: any) => c.notNull())
        .execute();
      // The unique index is what refuses a second mute of the same user under concurrency.
      await db.schema.createIndex("muted_users_pair").unique().on("muted_users").columns(["user_id", "muted_user_id"]).execute();
      // Sends look up who muted the sender.
      await db.schema.createIndex("muted_users_muted").on("muted_users").column("muted_user_id").execute();

      await id(db.schema.createTable("drafts"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("type", "text", (c: any) => c.notNull())
        .addColumn("to_ids", "text", (c: any) => c.notNull())
        .addColumn("topic", "text", (c: any) => c.notNull())
        .addColumn("content", "text", (c: any) => c.notNull())
        .addColumn("last_edit_time", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("drafts_user_edit").on("drafts").columns(["user_id", "last_edit_time"]).execute();

      await id(db.schema.createTable("saved_snippets"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("title", "text", (c: any) => c.notNull())
        .addColumn("content", "text", (c: any) => c.notNull())
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_snippets_user").on("saved_snippets").column("user_id").execute();

      await id(db.schema.createTable("bot_storage"))
        .addColumn("bot_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("key", "text", (c: any) => c.notNull())
        .addColumn("value", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("bot_storage_bot_key").unique().on("bot_storage").columns(["bot_id", "key"]).execute();
    },
  };
}
