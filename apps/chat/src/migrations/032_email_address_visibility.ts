// email_address_visibility moves from the user_settings rows to a users column, as Zulip keeps it
// on UserProfile: every presentation of a user needs it next to the address it guards. The
// API email (users.email) is looked up case-insensitively, now apart from the delivery address.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function emailAddressVisibility(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("email_address_visibility", "integer", (c) => c.notNull().defaultTo(1)).execute();
      const rows = await db.selectFrom("user_settings").select(["user_id", "value"]).where("name", "=", "email_address_visibility").execute();
      for (const row of rows as { user_id: number; value: string }[]) {
        await db.updateTable("users").set({ email_address_visibility: Number(JSON.parse(row.value)) }).where("id", "=", row.user_id).execute();
      }
      await db.deleteFrom("user_settings").where("name", "=", "email_address_visibility").execute();
      await sql`CREATE INDEX users_realm_api_email ON users (realm_id, lower(email))`.execute(db);
    },
  };
}
