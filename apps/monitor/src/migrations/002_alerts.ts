// The alert outbox (notifications), integration delivery timings, and the index the
// alert worker uses to find unprocessed flips.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function alerts(dialect: Dialect) {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("channels").addColumn("last_notify", "bigint").execute();
      await db.schema.alterTable("channels").addColumn("last_notify_duration", "bigint").execute();

      await db.schema
        .createTable("notifications")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("uuid", "text", (c) => c.notNull().unique())
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("channel_id", "bigint", (c) => c.notNull().references("channels.id").onDelete("cascade"))
        .addColumn("flip_id", "bigint")
        .addColumn("check_status", "text", (c) => c.notNull())
        .addColumn("old_status", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("flip_created", "bigint", (c) => c.notNull())
        .addColumn("created", "bigint", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("next_attempt", "bigint", (c) => c.notNull())
        .addColumn("claimed_until", "bigint")
        .addColumn("sent", "bigint")
        .addColumn("error", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("notifications_pending").on("notifications").column("next_attempt").where(sql.ref("state"), "=", "pending").execute();
      await db.schema.createIndex("notifications_check_created").on("notifications").columns(["check_id", "created"]).execute();
      await db.schema.createIndex("flips_unprocessed").on("flips").column("id").where(sql.ref("processed"), "is", null).execute();
    },
  };
}
