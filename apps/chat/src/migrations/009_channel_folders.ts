// Channel folders (Zulip 11, feature level 389): named groups of channels an organization's
// administrators arrange. streams.folder_id (001) points here.
import type { Kysely, Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function channelFolders(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("channel_folders"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("rendered_description", "text", (c: any) => c.notNull().defaultTo(""))
        .addColumn("order", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .addColumn("creator_id", "integer")
        .addColumn("is_archived", "integer", (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("channel_folders_realm").on("channel_folders").column("realm_id").execute();
    },
  };
}
