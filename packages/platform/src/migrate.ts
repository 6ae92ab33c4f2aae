// One migration runner for every app. Each app passes its migrations as a record whose
// keys sort in the order they must run, and names its own bookkeeping table, so two apps
// can share one database without clashing.
//
// Kysely's own Migrator is not used: it looks for its tables by introspecting every
// schema, which breaks when another schema on the server is created or dropped at the
// same moment (parallel test files, other tenants). This runner touches only its own
// table, and serialises concurrent runs with a transaction (and, on PostgreSQL, an
// advisory lock), so several processes starting at once apply each migration once.
//
// Each migration runs in a transaction of its own, together with its bookkeeping row (both
// databases have transactional DDL): a migration is applied whole or not at all, and one
// that fails leaves every earlier one applied.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "./db.js";

export type Migrations = Record<string, Migration>;

/** A database migrated past what this program knows: started on it, the program would misread it. */
export class NewerSchemaError extends Error {
  override name = "NewerSchemaError";
}

export interface MigrationStatus {
  /** the last migration applied to the database, or null on an empty one */
  databaseLevel: string | null;
  /** the last migration this program has */
  programLevel: string;
  /** migrations this program has and the database lacks */
  pending: string[];
  /** migrations the database has and this program does not know (a newer program applied them) */
  unknown: string[];
}

const bookkeepingOf = (table: string) => `${table}_migrations`;

async function createBookkeeping(db: Kysely<any>, bookkeeping: string): Promise<void> {
  // Same shape as Kysely's bookkeeping table, so databases migrated by it carry on.
  await sql`create table if not exists ${sql.table(bookkeeping)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(db);
}

async function appliedNames(db: Kysely<any>, bookkeeping: string): Promise<string[]> {
  return (await db.selectFrom(bookkeeping).select("name").execute()).map((row: { name: string }) => row.name).sort();
}

/** Where the database stands against `migrations`; a database without the table is empty. */
export async function migrationStatus(db: Kysely<any>, migrations: Migrations, table: string): Promise<MigrationStatus> {
  const known = Object.keys(migrations).sort();
  let done: string[];
  try {
    done = await appliedNames(db, bookkeepingOf(table));
  } catch (error) {
    if (!/no such table|does not exist/.test((error as Error).message)) throw error;
    done = [];
  }
  const doneSet = new Set(done);
  const knownSet = new Set(known);
  return {
    databaseLevel: done.at(-1) ?? null,
    programLevel: known.at(-1)!,
    pending: known.filter((name) => !doneSet.has(name)),
    unknown: done.filter((name) => !knownSet.has(name)),
  };
}

/** The refusal for a database a newer program migrated, naming both levels. */
export function newerSchemaMessage(status: MigrationStatus, table: string): string {
  return (
    `the ${table} database was migrated by a newer Beacon (its schema is at ${status.databaseLevel}, ` +
    `this Beacon knows up to ${status.programLevel}; unknown: ${status.unknown.join(", ")}). ` +
    `Run the newer Beacon, or restore a backup taken before the upgrade.`
  );
}

/**
 * Applies every migration the database lacks, each in its own transaction; returns their names.
 * Refuses (NewerSchemaError, nothing applied) a database holding migrations this program does
 * not know.
 */
export async function migrateToLatest(db: Kysely<any>, migrations: Migrations, table: string, dialect: Dialect): Promise<string[]> {
  const bookkeeping = bookkeepingOf(table);
  const applied: string[] = [];
  for (;;) {
    const next = await db.transaction().execute(async (trx) => {
      if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ${"." + bookkeeping}))`.execute(trx);
      await createBookkeeping(trx, bookkeeping);
      const status = await migrationStatus(trx, migrations, table);
      if (status.unknown.length > 0) throw new NewerSchemaError(newerSchemaMessage(status, table));
      const name = status.pending[0];
      if (name === undefined) return undefined;
      await migrations[name].up(trx);
      await trx.insertInto(bookkeeping).values({ name, timestamp: new Date().toISOString() }).execute();
      return name;
    });
    if (next === undefined) return applied;
    applied.push(next);
  }
}
