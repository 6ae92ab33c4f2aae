// Beacon's own check settings beyond Healthchecks' (docs/monitor-extensions.md): alert after N
// consecutive failures (with the running count), a run's minimum and maximum duration, and a
// regular expression that fails a success ping whose body matches. Their defaults are the
// upstream's behaviour, so every existing check is unchanged.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function checkExtensions(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("checks").addColumn("fail_threshold", "integer", (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable("checks").addColumn("fail_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("checks").addColumn("min_duration", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("checks").addColumn("max_duration", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("checks").addColumn("body_regex", "text", (c) => c.notNull().defaultTo("")).execute();
    },
  };
}
