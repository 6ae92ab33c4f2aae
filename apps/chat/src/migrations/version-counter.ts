// SQLite: a one-row counter (id 1, starting at 1) bumped by triggers, so that an in-memory
// cache can tell whether the rows it holds changed, whoever changed them. The triggers are
// given as their timing clause, e.g. "after delete on messages".
import { sql, type Kysely } from "kysely";

export async function createSqliteVersionCounter(db: Kysely<any>, table: string, triggers: Record<string, string>): Promise<void> {
  await sql`create table ${sql.table(table)} (id integer primary key, version integer not null)`.execute(db);
  await sql`insert into ${sql.table(table)} (id, version) values (1, 1)`.execute(db);
  for (const [name, clause] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${clause} begin update ${table} set version = version + 1 where id = 1; end`).execute(db);
  }
}
