// Organization-level state: who may create users, invitations, custom profile
// fields and their values, personal and realm settings beyond the columns of users/realms,
// alert words, navigation views, code playgrounds, realm domains and push devices.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function orgSettings(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  const flag = (name: string, value: 0 | 1) => (b: any) => b.addColumn(name, "integer", (c: any) => c.notNull().defaultTo(value));

  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("can_create_users", "integer", (c: any) => c.notNull().defaultTo(0)).execute();

      // Email invitations and reusable links share one table; `is_multiuse` tells them apart.
      let invites = id(db.schema.createTable("invites"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("email", "text")
        .addColumn("invited_by_user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("invited", "bigint", (c: any) => c.notNull())
        .addColumn("expiry", "bigint")
        .addColumn("invited_as", "integer", (c: any) => c.notNull())
        .addColumn("stream_ids", "text", (c: any) => c.notNull().defaultTo("[]"))
        .addColumn("group_ids", "text", (c: any) => c.notNull().defaultTo("[]"))
        .addColumn("welcome_message_custom_text", "text")
        .addColumn("confirmation_key", "text", (c: any) => c.notNull().unique())
        .addColumn("status", "integer", (c: any) => c.notNull().defaultTo(0));
      for (const f of [flag("is_multiuse", 0), flag("include_realm_default_subscriptions", 0), flag("notify_referrer_on_join", 1)]) invites = f(invites);
      await invites.execute();
      await db.schema.createIndex("invites_realm").on("invites").column("realm_id").execute();

      let fields = id(db.schema.createTable("custom_profile_fields"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("hint", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("field_type", "integer", (c: any) => c.notNull())
        .addColumn("field_data", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("field_order", "integer", (c: any) => c.notNull().defaultTo(0));
      for (const f of [flag("required", 0), flag("editable_by_user", 1), flag("display_in_profile_summary", 0), flag("use_for_user_matching", 0)]) fields = f(fields);
      await fields.execute();
      await db.schema.createIndex("custom_profile_fields_realm").on("custom_profile_fields").column("realm_id").execute();

      await db.schema
        .createTable("custom_profile_field_values")
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("field_id", "integer", (c: any) => c.notNull().references("custom_profile_fields.id"))
        .addColumn("value", "text", (c: any) => c.notNull())
        .addColumn("rendered_value", "text")
        .addPrimaryKeyConstraint("custom_profile_field_values_pk", ["user_id", "field_id"])
        .execute();

      // Only values that differ from Zulip's defaults are stored, JSON-encoded.
      await db.schema
        .createTable("user_settings")
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("value", "text", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("user_settings_pk", ["user_id", "name"])
        .execute();
      await db.schema
        .createTable("realm_settings")
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("value", "text", (c: any) => c.notNull())
        .addPrimaryKeyConstraint("realm_settings_pk", ["realm_id", "name"])
        .execute();

      await id(db.schema.createTable("alert_words"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("word", "text", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("alert_words_user").on("alert_words").column("user_id").execute();

      await id(db.schema.createTable("navigation_views"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("fragment", "text", (c: any) => c.notNull())
        .addColumn("is_pinned", "integer", (c: any) => c.notNull())
        .addColumn("name", "text")
        .execute();
      await db.schema.createIndex("navigation_views_user_fragment").unique().on("navigation_views").columns(["user_id", "fragment"]).execute();

      await id(db.schema.createTable("realm_playgrounds"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("pygments_language", "text", (c: any) => c.notNull())
        .addColumn("url_template", "text", (c: any) => c.notNull())
        .execute();

      await id(db.schema.createTable("realm_domains"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("domain", "text", (c: any) => c.notNull())
        .addColumn("allow_subdomains", "integer", (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("realm_domains_realm_domain").unique().on("realm_domains").columns(["realm_id", "domain"]).execute();

      await id(db.schema.createTable("push_devices"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("push_key_id", "bigint")
        .addColumn("push_key", "text")
        .addColumn("token_kind", "text")
        .addColumn("push_token_id", "text")
        .addColumn("pending_push_token_id", "text")
        .addColumn("push_token_last_updated", "bigint")
        .addColumn("push_registration_error_code", "text")
        .addColumn("bouncer_public_key", "text")
        .addColumn("encrypted_push_registration", "text")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("push_devices_user").on("push_devices").column("user_id").execute();
    },
  };
}
