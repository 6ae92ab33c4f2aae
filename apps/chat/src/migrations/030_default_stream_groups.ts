// Default channel groups (Zulip's DefaultStreamGroup): named sets of channels an organization's
// administrators offer new users to join together.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function defaultStreamGroups(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("default_stream_groups"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull().defaultTo(""))
        .addUniqueConstraint("default_stream_groups_realm_name", ["realm_id", "name"])
        .execute();
      await db.schema
        .createTable("default_stream_group_streams")
        .addColumn("group_id", "integer", (c: any) => c.notNull().references("default_stream_groups.id").onDelete("cascade"))
        .addColumn("stream_id", "integer", (c: any) => c.notNull().references("streams.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("default_stream_group_streams_pkey", ["group_id", "stream_id"])
        .execute();
    },
  };
}
