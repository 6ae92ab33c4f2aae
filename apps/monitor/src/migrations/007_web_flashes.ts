// One-time messages of the dashboard (post/redirect/get): a form's handler stores what the
// next page shows ("Project renamed.", a key created just now), keyed by the hash of the
// visitor's session token, and the next page takes it. The payload is encrypted under a key
// derived from the token itself, which only the visitor's cookie holds, so a freshly created
// API key never sits readable in the database.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function webFlashes(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("web_flashes")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("expires", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("web_flashes_expires").on("web_flashes").column("expires").execute();
    },
  };
}
