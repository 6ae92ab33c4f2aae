// Room on each page of `checks` for a ping's new row version (PostgreSQL). A ping rewrites its
// check's row but none of its indexed columns (the stored deadline moves only when it comes
// earlier: lib/ping-plan.ts), so PostgreSQL can keep the new version on the same page without
// touching the table's six indexes (a heap-only tuple update), but only if the page has room.
// Packed full, every ping's update wrote an entry into each index; with pages filled to 70%,
// PostgreSQL spent a fifth less time per ping in the ingest benchmark. Pages written before
// this migration keep their packing until they are rewritten. SQLite has no such setting.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

const CHECKS_FILLFACTOR = 70;

export function checksFillfactor(dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (dialect === "postgres") await sql.raw(`ALTER TABLE checks SET (fillfactor = ${CHECKS_FILLFACTOR})`).execute(db);
    },
  };
}
