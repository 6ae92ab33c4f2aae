import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function initial(dialect: Dialect) {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  const blob = dialect === "postgres" ? "bytea" : "blob";
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("accounts")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("username", "text", (c) => c.notNull())
        .addColumn("check_limit", "integer", (c) => c.notNull())
        .addColumn("ping_log_limit", "integer", (c) => c.notNull())
        .addColumn("created", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("projects")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("uuid", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("owner_id", "bigint", (c) => c.notNull().references("accounts.id"))
        .addColumn("api_key_hash", "text", (c) => c.unique())
        .addColumn("api_key_readonly_hash", "text", (c) => c.unique())
        .addColumn("ping_key", "text", (c) => c.unique())
        .addColumn("badge_key", "text", (c) => c.notNull().unique())
        .addColumn("created", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("checks")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("uuid", "text", (c) => c.notNull().unique())
        .addColumn("unique_key", "text", (c) => c.notNull())
        .addColumn("project_id", "bigint", (c) => c.notNull().references("projects.id"))
        .addColumn("badge_key", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("slug", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("timeout", "integer", (c) => c.notNull())
        .addColumn("grace", "integer", (c) => c.notNull())
        .addColumn("schedule", "text", (c) => c.notNull())
        .addColumn("tz", "text", (c) => c.notNull())
        .addColumn("methods", "text", (c) => c.notNull())
        .addColumn("manual_resume", "integer", (c) => c.notNull())
        .addColumn("start_kw", "text", (c) => c.notNull())
        .addColumn("success_kw", "text", (c) => c.notNull())
        .addColumn("failure_kw", "text", (c) => c.notNull())
        .addColumn("filter_subject", "integer", (c) => c.notNull())
        .addColumn("filter_body", "integer", (c) => c.notNull())
        .addColumn("filter_http_body", "integer", (c) => c.notNull())
        .addColumn("filter_default_fail", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("n_pings", "integer", (c) => c.notNull())
        .addColumn("last_ping", "bigint")
        .addColumn("last_start", "bigint")
        .addColumn("last_start_rid", "text")
        .addColumn("last_duration", "bigint")
        .addColumn("alert_after", "bigint")
        .addColumn("created", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("checks_project_slug").on("checks").columns(["project_id", "slug"]).execute();
      await db.schema.createIndex("checks_unique_key").on("checks").columns(["project_id", "unique_key"]).execute();
      // The alert worker scans by deadline; down checks never have one.
      await db.schema.createIndex("checks_alert_after").on("checks").column("alert_after").execute();

      await db.schema
        .createTable("pings")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("n", "integer", (c) => c.notNull())
        .addColumn("created", "bigint", (c) => c.notNull())
        .addColumn("kind", "text")
        .addColumn("scheme", "text", (c) => c.notNull())
        .addColumn("remote_addr", "text")
        .addColumn("method", "text", (c) => c.notNull())
        .addColumn("ua", "text", (c) => c.notNull())
        .addColumn("body", sql.raw(blob))
        .addColumn("exitstatus", "integer")
        .addColumn("rid", "text")
        .execute();
      await db.schema.createIndex("pings_check_n").on("pings").columns(["check_id", "n"]).execute();

      await db.schema
        .createTable("flips")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("created", "bigint", (c) => c.notNull())
        .addColumn("old_status", "text", (c) => c.notNull())
        .addColumn("new_status", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("processed", "bigint")
        .execute();
      await db.schema.createIndex("flips_check_created").on("flips").columns(["check_id", "created"]).execute();

      await db.schema
        .createTable("channels")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("uuid", "text", (c) => c.notNull().unique())
        .addColumn("project_id", "bigint", (c) => c.notNull().references("projects.id"))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("disabled", "integer", (c) => c.notNull())
        .addColumn("last_error", "text", (c) => c.notNull())
        .addColumn("created", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("check_channels")
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("channel_id", "bigint", (c) => c.notNull().references("channels.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("check_channels_pk", ["check_id", "channel_id"])
        .execute();

      await db.schema
        .createTable("settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  };
}
