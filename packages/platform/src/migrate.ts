// One migration runner for every app. Each app passes its migrations as a record whose
// keys sort in the order they must run, and names its own bookkeeping table, so two apps
// can share one database without clashing.
//
// Kysely's own Migrator is not used: it looks for its tables by introspecting every
// schema, which breaks when another schema on the server is created or dropped at the
// same moment (parallel test files, other tenants). This runner touches only its own
// table, and serialises concurrent runs with a transaction (and, on PostgreSQL, an
// advisory lock), so several processes starting at once apply each migration once.
import { sql, type Kysely, type Migration } from "kysely";
import type { Dialect } from "./db.js";

export type Migrations = Record<string, Migration>;

export async function migrateToLatest(db: Kysely<any>, migrations: Migrations, table: string, dialect: Dialect): Promise<string[]> {
  const bookkeeping = `${table}_migrations`;
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext(current_schema() || ${"." + bookkeeping}))`.execute(trx);
    // Same shape as Kysely's bookkeeping table, so databases migrated by it carry on.
    await sql`create table if not exists ${sql.table(bookkeeping)} (name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(trx);
    const done = new Set((await trx.selectFrom(bookkeeping).select("name").execute()).map((row: { name: string }) => row.name));
    const applied: string[] = [];
    for (const name of Object.keys(migrations).sort()) {
      if (done.has(name)) continue;
      await migrations[name].up(trx);
      await trx.insertInto(bookkeeping).values({ name, timestamp: new Date().toISOString() }).execute();
      applied.push(name);
    }
    return applied;
  });
}
