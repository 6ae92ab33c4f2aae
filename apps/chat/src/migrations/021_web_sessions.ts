// Sign-in sessions of the chat web app. The cookie carries a random token; the table keeps
// only its SHA-256 digest, so a copy of the database signs nobody in. Sessions are not part
// of the cached realm state (migration 005): every /json request reads its session row, so an
// ended session is refused at once by every process.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function webSessions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = db.schema.createTable("web_sessions");
      await (dialect === "postgres" ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity()) : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("date_created", "bigint", (c) => c.notNull())
        .addColumn("last_used", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("web_sessions_user").on("web_sessions").column("user_id").execute();
      await db.schema.createIndex("web_sessions_expiry").on("web_sessions").column("expires_at").execute();
    },
  };
}
