// Realms, users, API keys, channels, subscriptions, user groups, default channels.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";
import { GROUP_GROUP_SETTINGS, STREAM_GROUP_SETTINGS } from "../store/schema.js";

export function initial(dialect: Dialect): Migration {
  // SQLite's INTEGER PRIMARY KEY autoincrements; PostgreSQL needs an identity column.
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("realms"))
        .addColumn("string_id", "text", (c: any) => c.notNull().unique())
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .addColumn("deactivated", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("org_type", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("invite_required", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("waiting_period_threshold", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("message_retention_days", "integer")
        .execute();

      await id(db.schema.createTable("users"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("email", "text", (c: any) => c.notNull())
        .addColumn("delivery_email", "text", (c: any) => c.notNull())
        .addColumn("email_key", "text", (c: any) => c.notNull())
        .addColumn("full_name", "text", (c: any) => c.notNull())
        .addColumn("role", "integer", (c: any) => c.notNull())
        .addColumn("is_active", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("is_bot", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("bot_type", "integer")
        .addColumn("bot_owner_id", "integer")
        .addColumn("date_joined", "bigint", (c: any) => c.notNull())
        .addColumn("password_hash", "text")
        .addColumn("timezone", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("avatar_version", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("default_all_public_streams", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("default_sending_stream_id", "integer")
        .addColumn("default_events_register_stream_id", "integer")
        .execute();
      await db.schema.createIndex("users_realm_email").unique().on("users").columns(["realm_id", "email_key"]).execute();
      await db.schema.createIndex("users_email_key").on("users").column("email_key").execute();

      await id(db.schema.createTable("api_keys"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("key_hash", "text", (c: any) => c.notNull().unique())
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("api_keys_user").on("api_keys").column("user_id").execute();

      let groups = id(db.schema.createTable("user_groups"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text")
        .addColumn("description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("is_system_group", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("date_created", "bigint")
        .addColumn("creator_id", "integer")
        .addColumn("deactivated", "integer", (c: any) => c.notNull().defaultTo(0));
      for (const setting of GROUP_GROUP_SETTINGS) groups = groups.addColumn(setting, "integer");
      await groups.execute();
      await db.schema.createIndex("user_groups_realm").on("user_groups").column("realm_id").execute();

      await db.schema
        .createTable("group_members")
        .addColumn("group_id", "integer", (c: any) => c.notNull().references("user_groups.id"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addPrimaryKeyConstraint("group_members_pk", ["group_id", "user_id"])
        .execute();
      await db.schema
        .createTable("group_subgroups")
        .addColumn("group_id", "integer", (c: any) => c.notNull().references("user_groups.id"))
        .addColumn("subgroup_id", "integer", (c: any) => c.notNull().references("user_groups.id"))
        .addPrimaryKeyConstraint("group_subgroups_pk", ["group_id", "subgroup_id"])
        .execute();

      await db.schema
        .createTable("realm_group_settings")
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("group_id", "integer", (c: any) => c.notNull().references("user_groups.id"))
        .addPrimaryKeyConstraint("realm_group_settings_pk", ["realm_id", "name"])
        .execute();

      let streams = id(db.schema.createTable("streams"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("name_key", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("rendered_description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("invite_only", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("is_web_public", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("history_public_to_subscribers", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("message_retention_days", "integer")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .addColumn("creator_id", "integer")
        .addColumn("deactivated", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("topics_policy", "text", (c: any) => c.notNull().defaultTo("inherit"))
        .addColumn("folder_id", "integer")
        .addColumn("first_message_id", "integer");
      for (const setting of STREAM_GROUP_SETTINGS) streams = streams.addColumn(setting, "integer", (c: any) => c.notNull());
      await streams.execute();
      await db.schema.createIndex("streams_realm_name").unique().on("streams").columns(["realm_id", "name_key"]).execute();

      await id(db.schema.createTable("subscriptions"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("stream_id", "integer", (c: any) => c.notNull().references("streams.id"))
        .addColumn("active", "integer", (c: any) => c.notNull().defaultTo(1))
        .addColumn("color", "text", (c: any) => c.notNull())
        .addColumn("is_muted", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("pin_to_top", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("desktop_notifications", "integer")
        .addColumn("audible_notifications", "integer")
        .addColumn("push_notifications", "integer")
        .addColumn("email_notifications", "integer")
        .addColumn("wildcard_mentions_notify", "integer")
        .execute();
      await db.schema.createIndex("subscriptions_user_stream").unique().on("subscriptions").columns(["user_id", "stream_id"]).execute();
      await db.schema.createIndex("subscriptions_stream").on("subscriptions").column("stream_id").execute();

      await db.schema
        .createTable("default_streams")
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("stream_id", "integer", (c: any) => c.notNull().references("streams.id"))
        .addPrimaryKeyConstraint("default_streams_pk", ["realm_id", "stream_id"])
        .execute();
    },
  };
}
