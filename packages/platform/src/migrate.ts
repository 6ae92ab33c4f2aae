// One migration runner for every app. Each app passes its migrations as an ordered record
// and its own bookkeeping table, so two apps can share one database without clashing.
import { Migrator, sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "./db.js";

export type Migrations = Record<string, Migration>;

export async function migrateToLatest(db: Kysely<any>, migrations: Migrations, table: string, dialect?: Dialect): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema it can see; pin it to the
  // connection's own schema so databases that share a server (tests) stay apart.
  let migrationTableSchema: string | undefined;
  if (dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `${table}_migrations`,
    migrationLockTableName: `${table}_migrations_lock`,
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
