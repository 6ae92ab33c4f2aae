// Custom (realm) emoji, and the marker of the Notification Bot's "marked this topic as
// resolved" notices (Zulip's Message.type RESOLVE_TOPIC_NOTIFICATION, which the resolve undo
// grace period looks for). realm_emoji joins the realm state version (005): message rendering
// reads a realm's emoji from the state cache.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export function realmEmoji(dialect: Dialect): Migration {
  const id = (b: any) => (dialect === "postgres" ? b.addColumn("id", "integer", (c: any) => c.primaryKey().generatedByDefaultAsIdentity()) : b.addColumn("id", "integer", (c: any) => c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable("realm_emoji"))
        .addColumn("realm_id", "integer", (c: any) => c.notNull().references("realms.id"))
        .addColumn("name", "text", (c: any) => c.notNull())
        .addColumn("author_id", "integer")
        // null until the image is stored; such rows are never listed
        .addColumn("file_name", "text")
        .addColumn("is_animated", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("deactivated", "integer", (c: any) => c.notNull().defaultTo(0))
        .addColumn("date_created", "bigint", (c: any) => c.notNull())
        .execute();
      // One active emoji per name; the partial index makes concurrent uploads of a name collide.
      await sql`create unique index realm_emoji_active_name on realm_emoji (realm_id, name) where deactivated = 0`.execute(db);
      if (dialect === "postgres") {
        await sql.raw(`create trigger realm_emoji_state_version before insert or update or delete on realm_emoji for each statement execute function chat_state_bump()`).execute(db);
      } else {
        for (const op of ["insert", "update", "delete"]) {
          await sql.raw(`create trigger realm_emoji_state_version_${op} after ${op} on realm_emoji begin update chat_state_version set version = version + 1 where id = 1; end`).execute(db);
        }
      }

      await db.schema
        .createTable("resolve_topic_notices")
        .addColumn("message_id", "integer", (c: any) => c.primaryKey())
        .addColumn("sender_id", "integer", (c: any) => c.notNull())
        .execute();
    },
  };
}
