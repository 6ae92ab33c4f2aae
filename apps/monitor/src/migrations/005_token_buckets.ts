// Token buckets: rate limits shared by every process on one database (the upstream's
// TokenBucket), e.g. at most 6 Telegram messages a minute to one chat.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function tokenBuckets(dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("token_buckets")
        .addColumn("value", "text", (c) => c.primaryKey())
        .addColumn("tokens", dialect === "postgres" ? "double precision" : "real", (c) => c.notNull())
        .addColumn("updated", "bigint", (c) => c.notNull())
        .execute();
    },
  };
}
