// What every process serving one site must share: sign-in and rate-limit counters
// (packages/platform throttle.ts), and the server's own secret, made once by the first process
// (store/server-secret.ts), from which keys that must agree across processes are derived.
import type { Kysely, Migration } from "kysely";
import { createThrottleCounters, type Dialect } from "@beacon/platform";

export function sharedLimits(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await createThrottleCounters(db);
      await db.schema
        .createTable("server_secrets")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  };
}
