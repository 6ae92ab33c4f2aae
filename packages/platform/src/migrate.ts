// One migration runner for every app. Each app passes its migrations as an ordered record
// and its own bookkeeping table, so two apps can share one database without clashing.
import { Migrator, type Kysely, type Migration } from "kysely";

export type Migrations = Record<string, Migration>;

export async function migrateToLatest(db: Kysely<any>, migrations: Migrations, table: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `${table}_migrations`,
    migrationLockTableName: `${table}_migrations_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
