// Dependencies between checks of a project (docs/monitor-extensions.md): while a check's
// dependency is down, the check's own down alert is held back, and the flip that was held
// back names the dependency (so its up alert is held back too, and the log can say why).
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function checkDependencies(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("check_dependencies")
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("depends_on_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("check_dependencies_pkey", ["check_id", "depends_on_id"])
        .execute();
      await db.schema.createIndex("check_dependencies_depends_on").on("check_dependencies").column("depends_on_id").execute();
      await db.schema
        .createTable("held_alerts")
        .addColumn("flip_id", "bigint", (c) => c.primaryKey().references("flips.id").onDelete("cascade"))
        .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
        .addColumn("dependency_name", "text", (c) => c.notNull())
        .addColumn("dependency_uuid", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("held_alerts_check").on("held_alerts").column("check_id").execute();
    },
  };
}
