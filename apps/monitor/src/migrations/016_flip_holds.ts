// A down flip held back by a dependency names that dependency on itself, rather than in a
// `held_alerts` row of its own: the alert worker may hold 100,000 flips at once, and writing
// the two columns with the flip costs far less than a second row, its index entry and its
// foreign keys. The holds already recorded move onto their flips; `held_alerts` keeps the
// holds of maintenance windows, which are looked at again and so change.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function flipHolds(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("flips").addColumn("held_by_uuid", "text").execute();
      await db.schema.alterTable("flips").addColumn("held_by_name", "text").execute();
      const hold = (column: string) => sql`(SELECT ${sql.ref(`h.${column}`)} FROM held_alerts h WHERE h.flip_id = flips.id)`;
      await sql`UPDATE flips SET held_by_uuid = ${hold("dependency_uuid")}, held_by_name = ${hold("dependency_name")}
        WHERE id IN (SELECT flip_id FROM held_alerts WHERE dependency_uuid IS NOT NULL)`.execute(db);
      await db.deleteFrom("held_alerts").where("dependency_uuid", "is not", null).execute();
    },
  };
}
