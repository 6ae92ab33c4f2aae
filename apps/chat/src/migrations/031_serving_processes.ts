// The processes serving this database, each with fingerprints of the settings they must share
// (packages/platform/src/settings-agreement.ts): a process refuses to start when one differs.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function servingProcesses(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("serving_processes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("host", "text", (c) => c.notNull())
        .addColumn("pid", "integer", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("seen_at", "bigint", (c) => c.notNull())
        .addColumn("fingerprints", "text", (c) => c.notNull())
        .execute();
    },
  };
}
