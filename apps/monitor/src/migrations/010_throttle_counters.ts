// Sign-in back-off counters shared by every process on one database (packages/platform throttle.ts).
import type { Kysely } from "kysely";
import { createThrottleCounters, type Dialect } from "@beacon/platform";

export function throttleCounters(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await createThrottleCounters(db);
    },
  };
}
