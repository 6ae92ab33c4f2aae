// Realm linkifiers, uploaded files (attachments) and the messages that link them, realm data
// exports, and users' avatar source ('G' Gravatar, 'U' uploaded). Linkifiers feed the Markdown
// renderer through the cached realm state, so their table bumps the state version (005).
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function realmExtras(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("realm_linkifiers"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("pattern", "text", (c: any) => c.notNull())
        .addColumn("url_template", "text", (c: any) => c.notNull())
        .addColumn("example_input", "text")
        .addColumn("reverse_template", "text")
        .addColumn("alternative_url_templates", "text", (c: any) => c.notNull().defaultTo("[]"))
        .addColumn("order", "integer", (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("realm_linkifiers_realm").on("realm_linkifiers").column("realm_id").execute();

      await id(db.schema.createTable("attachments"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("owner_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("file_name", "text", (c: any) => c.notNull())
        .addColumn("path_id", "text", (c: any) => c.notNull().unique())
        .addColumn("content_type", "text", (c: any) => c.notNull())
        .addColumn("size", "bigint", (c: any) => c.notNull())
        .addColumn("create_time", "bigint", (c: any) => c.notNull())
        .addColumn("secret", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("attachments_owner").on("attachments").column("owner_id").execute();
      await db.schema.createIndex("attachments_realm").on("attachments").column("realm_id").execute();
      await db.schema
        .createTable("attachment_messages")
        .addColumn("attachment_id", "integer", (c: any) => c.notNull().references("attachments.id").onDelete("cascade"))
        .addColumn("message_id", "integer", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("attachment_messages_pk", ["attachment_id", "message_id"])
        .execute();
      await db.schema.createIndex("attachment_messages_message").on("attachment_messages").column("message_id").execute();

      await id(db.schema.createTable("realm_exports"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("acting_user_id", "integer", (c: any) => c.notNull())
        .addColumn("export_type", "text", (c: any) => c.notNull())
        .addColumn("date_requested", "bigint", (c: any) => c.notNull())
        .addColumn("date_succeeded", "bigint")
        .addColumn("date_failed", "bigint")
        .addColumn("date_deleted", "bigint")
        .addColumn("export_path", "text")
        .execute();
      await db.schema.createIndex("realm_exports_realm").on("realm_exports").column("realm_id").execute();

      await db.schema.alterTable("users").addColumn("avatar_source", "text", (c: any) => c.notNull().defaultTo("G")).execute();

      if (dialect === "postgres") {
        await sql.raw(`create trigger realm_linkifiers_state_version before insert or update or delete on realm_linkifiers for each statement execute function chat_state_bump()`).execute(db);
      } else {
        for (const op of ["insert", "update", "delete"]) {
          await sql.raw(`create trigger realm_linkifiers_state_version_${op} after ${op} on realm_linkifiers begin update chat_state_version set version = version + 1 where id = 1; end`).execute(db);
        }
      }
    },
  };
}
