// E-mail integrations need a verified address before alerts go out (as upstream). E-mail
// integrations made before this migration were set up by an operator or a signed-in user
// and have been delivering: they stay verified rather than going silent after an upgrade.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function emailVerification(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable("channels").addColumn("email_verified", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await sql`UPDATE channels SET email_verified = 1 WHERE kind = 'email'`.execute(db);
    },
  };
}
