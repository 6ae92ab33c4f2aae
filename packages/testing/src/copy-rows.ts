// Copies the rows of one database into another of the same dialect whose schema is an older
// version of the first's: every table both have, the columns both have (generated columns are
// left to the database), parents before children. Upgrade tests fill a database built at an
// old migration level this way with rows today's code wrote, then migrate it the rest of the way.
import { sql, type Kysely } from "kysely";
import type { Database } from "@beacon/platform";

type Source = Pick<Database<any>, "db" | "dialect" | "sqlite">;

interface TableShape {
  columns: string[];
  /** tables this one's foreign keys point at */
  parents: string[];
}

function sqliteShapes(handle: NonNullable<Source["sqlite"]>): Map<string, TableShape> {
  const tables = handle.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'").all() as { name: string; sql: string }[];
  // A virtual table (full-text search) is filled by its owner's code; its shadow tables with it.
  const virtual = tables.filter((table) => /^create virtual table/i.test(table.sql)).map((table) => table.name);
  const shapes = new Map<string, TableShape>();
  for (const { name } of tables) {
    if (virtual.some((owner) => name === owner || name.startsWith(`${owner}_`))) continue;
    const columns = (handle.prepare(`pragma table_xinfo("${name}")`).all() as { name: string; hidden: number }[]).filter((column) => column.hidden === 0).map((column) => column.name);
    const parents = (handle.prepare(`pragma foreign_key_list("${name}")`).all() as { table: string }[]).map((key) => key.table);
    shapes.set(name, { columns, parents });
  }
  return shapes;
}

async function postgresShapes(db: Kysely<any>): Promise<Map<string, TableShape>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.is_generated = 'NEVER' order by c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ child: string; parent: string }>`
    select distinct child.relname as child, parent.relname as parent from pg_constraint k
    join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(db);
  const shapes = new Map<string, TableShape>();
  for (const row of columns.rows) {
    const shape = shapes.get(row.table_name) ?? { columns: [], parents: [] };
    shape.columns.push(row.column_name);
    shapes.set(row.table_name, shape);
  }
  for (const key of keys.rows) shapes.get(key.child)?.parents.push(key.parent);
  return shapes;
}

const shapesOf = (database: Source) => (database.sqlite ? Promise.resolve(sqliteShapes(database.sqlite)) : postgresShapes(database.db));

/** The tables in an order where each comes after the tables its foreign keys point at. */
function parentsFirst(shapes: Map<string, TableShape>): string[] {
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table) || !shapes.has(table)) return;
    visiting.add(table);
    for (const parent of shapes.get(table)!.parents) if (parent !== table) visit(parent);
    ordered.push(table);
  };
  for (const table of [...shapes.keys()].sort()) visit(table);
  return ordered;
}

const ROWS_PER_INSERT = 100;

/**
 * Copies `from`'s rows into `to`, skipping the tables named in `skip` and the tables `to`
 * already holds rows in (a migration's own rows: counters, settings). On PostgreSQL the identity
 * of every copied table with an `id` column is moved past the copied ids, so the next insert
 * gets a fresh one. Returns the tables it copied rows into.
 */
export async function copyRows(from: Source, to: Source, skip: string[] = []): Promise<string[]> {
  if (from.dialect !== to.dialect) throw new Error("copyRows copies between databases of one dialect");
  const source = await shapesOf(from);
  const target = await shapesOf(to);
  const copied: string[] = [];
  for (const table of parentsFirst(target)) {
    const sourceShape = source.get(table);
    if (!sourceShape || skip.includes(table)) continue;
    if ((await to.db.selectFrom(table).select(sql`1`.as("one")).limit(1).execute()).length > 0) continue;
    const columns = target.get(table)!.columns.filter((column) => sourceShape.columns.includes(column));
    const rows = await from.db.selectFrom(table).select(columns).execute();
    if (rows.length === 0) continue;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) await to.db.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT)).execute();
    if (to.dialect === "postgres" && columns.includes("id")) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)})) where pg_get_serial_sequence(${table}, 'id') is not null`.execute(to.db);
    }
    copied.push(table);
  }
  return copied;
}
