// Holding an alert writes one `held_alerts` row; the alert worker may write 100,000 at once.
// On SQLite the table is made again with `flip_id` as its row id (an INTEGER PRIMARY KEY),
// where `bigint` had given it a row id and a separate index of the key. On both dialects
// `held_alerts_release` keeps only the open holds a time will end (a window's): holds of a
// dependency, and closed holds, are no longer entries of it.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

const COLUMNS = ["flip_id", "check_id", "dependency_name", "dependency_uuid", "window_uuid", "window_label", "release_at", "released"];

export function heldAlertRows(dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "sqlite") {
        await db.schema
          .createTable("held_alerts_next")
          .addColumn("flip_id", "integer", (c) => c.primaryKey().references("flips.id").onDelete("cascade"))
          .addColumn("check_id", "bigint", (c) => c.notNull().references("checks.id").onDelete("cascade"))
          .addColumn("dependency_name", "text")
          .addColumn("dependency_uuid", "text")
          .addColumn("window_uuid", "text")
          .addColumn("window_label", "text")
          .addColumn("release_at", "bigint")
          .addColumn("released", "bigint")
          .execute();
        await db.insertInto("held_alerts_next").columns(COLUMNS).expression(db.selectFrom("held_alerts").select(COLUMNS)).execute();
        await db.schema.dropTable("held_alerts").execute();
        await db.schema.alterTable("held_alerts_next").renameTo("held_alerts").execute();
        await db.schema.createIndex("held_alerts_check_flip").on("held_alerts").columns(["check_id", "flip_id"]).execute();
      } else {
        await db.schema.dropIndex("held_alerts_release").execute();
      }
      await db.schema
        .createIndex("held_alerts_release")
        .on("held_alerts")
        .column("release_at")
        .where(sql.ref("released"), "is", null)
        .where(sql.ref("release_at"), "is not", null)
        .execute();
    },
  };
}
