// Token buckets for throttling (the upstream's TokenBucket): sign-in attempts per address and
// per client address. Kept in the database so that every process behind a load balancer
// counts the same attempts.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function tokenBuckets(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("token_buckets")
        .addColumn("value", "text", (c) => c.primaryKey())
        .addColumn("tokens", "double precision", (c) => c.notNull())
        .addColumn("updated", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
