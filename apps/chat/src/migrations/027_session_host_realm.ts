// A web session is bound to the address it was made at (docs/chat.md, "Sessions and CSRF"):
// `host_realm_id` is the realm whose address signed it in, null for an address that names no
// realm (the bare server address). Sessions made before the binding existed cannot say where
// they were made, so they end here: their users sign in again.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function sessionHostRealm(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.deleteFrom("web_sessions").execute();
      await db.schema.alterTable("web_sessions").addColumn("host_realm_id", "integer").execute();
    },
  };
}
