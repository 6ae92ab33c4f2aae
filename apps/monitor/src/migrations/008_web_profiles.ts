// What an account chooses for itself in the dashboard (the upstream's Profile): the checks
// list's sort order, light or dark, the monthly report and when it is next due, and two-factor
// sign-in (the TOTP seed encrypted under the server secret, the last time step used so a code
// works once, and the hashes of the recovery codes). And a project transfer offered to a team
// member, waiting for them to accept it.
import type { Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function webProfiles(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable("web_profiles")
        .addColumn("account_id", "bigint", (c) => c.primaryKey().references("accounts.id").onDelete("cascade"))
        .addColumn("sort", "text", (c) => c.notNull().defaultTo("created"))
        .addColumn("theme", "text", (c) => c.notNull().defaultTo("system"))
        .addColumn("reports", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("next_report", "bigint")
        .addColumn("totp_secret", "text")
        .addColumn("totp_last_step", "bigint")
        .addColumn("recovery_codes", "text", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema.createIndex("web_profiles_next_report").on("web_profiles").column("next_report").execute();
      await db.schema.alterTable("memberships").addColumn("transfer_requested", "bigint").execute();
    },
  };
}
