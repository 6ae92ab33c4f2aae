// Settings beyond 007: the realm's defaults for new users' personal settings
// (PATCH /realm/user_settings_defaults), which personal settings a user changed themselves
// (what PATCH /settings target_users skip_if_already_edited spares; Zulip reads its audit log),
// and pending e-mail address changes awaiting their confirmation link.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function settingsDefaultsEmail(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("realm_user_default_settings")
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("value", "text", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("realm_user_default_settings_pk", ["realm_id", "name"])
        .execute();
      await db.schema
        .createTable("user_setting_edits")
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("user_setting_edits_pk", ["user_id", "name"])
        .execute();
      await id(db.schema.createTable("email_changes"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("old_email", "text", (c: any) => c.notNull())
        .addColumn("new_email", "text", (c: any) => c.notNull())
        .addColumn("key_hash", "text", (c: any) => c.notNull().unique())
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .addColumn("expiry", "bigint", (c: any) => c.notNull())
        // 0 pending, 1 used, 2 replaced by a later request
        .addColumn("status", "integer", (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("email_changes_user").on("email_changes").column("user_id").execute();
    },
  };
}
