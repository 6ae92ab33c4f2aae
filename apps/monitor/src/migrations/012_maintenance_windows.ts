// Maintenance windows (docs/monitor-extensions.md): periods, one-off or recurring, of a check
// or of a whole project, during which down alerts are held and sent after the window if the
// check is still down. Held alerts share `held_alerts` with dependencies: that table is made
// again with its dependency columns optional and a hold's window and release added.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function maintenanceWindows(dialect: Dialect) {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("maintenance_windows")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("uuid", "text", (c) => c.notNull().unique())
        .addColumn("project_id", "bigint", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        // null: every check of the project
        .addColumn("check_id", "bigint", (c) => c.references("checks.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
        // one-off windows: [starts, ends) in epoch ms
        .addColumn("starts", "bigint")
        .addColumn("ends", "bigint")
        // recurring windows: each run of the schedule (in tz) opens one for `duration` seconds
        .addColumn("schedule", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("tz", "text", (c) => c.notNull().defaultTo("UTC"))
        .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("maintenance_windows_check").on("maintenance_windows").column("check_id").execute();
      await db.schema.createIndex("maintenance_windows_project").on("maintenance_windows").column("project_id").execute();

      await db.schema
        .createTable("held_alerts_next")
        .addColumn("flip_id", "bigint", (c) => c.primaryKey().references("flips.id").onDelete("cascade"))
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("dependency_name", "text")
        .addColumn("dependency_uuid", "text")
        .addColumn("window_uuid", "text")
        .addColumn("window_label", "text")
        // when a maintenance hold is looked at again (the window's end); null: never by time
        .addColumn("release_at", "bigint")
        // when the hold ended: the check came back up, or its window ended
        .addColumn("released", "bigint")
        .execute();
      await db
        .insertInto("held_alerts_next")
        .columns(["flip_id", "check_id", "dependency_name", "dependency_uuid"])
        .expression(db.selectFrom("held_alerts").select(["flip_id", "check_id", "dependency_name", "dependency_uuid"]))
        .execute();
      await db.schema.dropTable("held_alerts").execute();
      await db.schema.alterTable("held_alerts_next").renameTo("held_alerts").execute();
      await db.schema.createIndex("held_alerts_check_flip").on("held_alerts").columns(["check_id", "flip_id"]).execute();
      await db.schema.createIndex("held_alerts_release").on("held_alerts").column("release_at").execute();
    },
  };
}
