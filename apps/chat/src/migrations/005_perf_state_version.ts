// A version counter for the realm state the server caches in memory (store/realm-state.ts):
// realms, users, API keys, groups and their members, realm settings, channels and
// subscriptions. Triggers bump it in the writing transaction, so every write is seen (whoever
// wrote it: any action, a CLI command, another process on PostgreSQL) and the new version
// becomes visible exactly when the write commits. A request reads the one row and reloads its
// cached state when the number moved.
//
// One counter for the whole database rather than one per realm: the triggers stay trivial
// (no realm lookup per row), and these tables change rarely next to messages. On PostgreSQL the
// triggers are BEFORE ... FOR EACH STATEMENT, so a transaction takes the counter's row lock
// before any row lock of these tables: writers of realm state queue on the counter instead of
// deadlocking on it.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "@beacon/platform";

export const STATE_TABLES = [
  "realms",
  "users",
  "api_keys",
  "user_groups",
  "group_members",
  "group_subgroups",
  "realm_group_settings",
  "realm_message_settings",
  "streams",
  "subscriptions",
];

export function stateVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create table chat_state_version (id integer primary key, version bigint not null)`.execute(db);
      await sql`insert into chat_state_version (id, version) values (1, 1)`.execute(db);
      if (dialect === "postgres") {
        await sql
          .raw(
            `create function chat_state_bump() returns trigger language plpgsql as $$
             begin update chat_state_version set version = version + 1 where id = 1; return null; end $$`,
          )
          .execute(db);
        for (const table of STATE_TABLES) {
          await sql.raw(`create trigger ${table}_state_version before insert or update or delete on ${table} for each statement execute function chat_state_bump()`).execute(db);
        }
        return;
      }
      // SQLite has row triggers only; one writer at a time, so no lock ordering to mind.
      for (const table of STATE_TABLES) {
        for (const op of ["insert", "update", "delete"]) {
          await sql.raw(`create trigger ${table}_state_version_${op} after ${op} on ${table} begin update chat_state_version set version = version + 1 where id = 1; end`).execute(db);
        }
      }
    },
  };
}
