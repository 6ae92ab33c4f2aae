// Legacy (pre-E2EE) push registrations: APNs device tokens and FCM registration ids, which
// clients older than Zulip 11 still send. E2EE registrations live in push_devices (007).
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function pushTokens(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("push_device_tokens"))
        .addColumn("user_id", "integer", (c: any) => c.notNull().references("users.id"))
        .addColumn("kind", "integer", (c: any) => c.notNull())
        .addColumn("token", "text", (c: any) => c.notNull())
        .addColumn("ios_app_id", "text")
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex("push_device_tokens_user_kind_token").unique().on("push_device_tokens").columns(["user_id", "kind", "token"]).execute();
    },
  };
}
