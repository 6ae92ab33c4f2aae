import { sql } from "kysely";
import { migrateToLatest, type Dialect, type Migrations } from "@beacon/platform";
import type { ChatDb } from "../store/schema.js";
import { initial } from "./001_initial.js";
import { messages } from "./002_messages.js";

export function chatMigrations(dialect: Dialect): Migrations {
  return { "001_initial": initial(dialect), "002_messages": messages(dialect) };
}

export async function migrateChat(db: ChatDb, dialect: Dialect): Promise<string[]> {
  if (dialect === "postgres") await ensureBookkeepingTables(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(db, chatMigrations(dialect), "chat");
    } catch (error) {
      // Kysely's existence check introspects every schema; another schema dropped at that
      // moment (a finished test file, say) fails it with 3F000 before anything has run.
      if ((error as { code?: string }).code !== "3F000" || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

// Kysely's Migrator checks for its bookkeeping tables in every schema, so a table of the same
// name in another schema (another test file, another tenant) makes it skip creating ours.
// Creating them in the current schema first sidesteps that; the shapes match Kysely's.
async function ensureBookkeepingTables(db: ChatDb): Promise<void> {
  await sql`create table if not exists chat_migrations (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(db);
  await sql`create table if not exists chat_migrations_lock (id varchar(255) not null primary key, is_locked integer not null default 0)`.execute(db);
  await sql`insert into chat_migrations_lock (id, is_locked) values ('migration_lock', 0) on conflict do nothing`.execute(db);
}
