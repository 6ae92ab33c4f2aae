// The web dashboard's tables: passwords of accounts that signed in, their sessions, and
// project memberships. Accounts themselves stay in `accounts` (owners of projects), so an
// account made by `beacon monitor create-project` can sign up later and find its projects.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function dashboard(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("web_credentials")
        .addColumn("account_id", "bigint", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("updated", "bigint", (c) => c.notNull())
        .execute();

      // Only a hash of the cookie's token is stored: a leaked table signs nobody in.
      await db.schema
        .createTable("web_sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("account_id", "bigint", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("created", "bigint", (c) => c.notNull())
        .addColumn("expires", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("web_sessions_account").on("web_sessions").column("account_id").execute();

      await db.schema
        .createTable("memberships")
        .addColumn("project_id", "bigint", (c) => c.notNull().references("projects.id").onDelete("cascade"))
        .addColumn("account_id", "bigint", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("created", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("memberships_pk", ["project_id", "account_id"])
        .execute();
      await db.schema.createIndex("memberships_account").on("memberships").column("account_id").execute();
    },
  };
}
