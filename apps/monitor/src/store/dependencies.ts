// Check dependencies (docs/monitor-extensions.md): which checks of its project a check
// depends on, and the alert worker's bulk questions about them.
import type { Statement } from "better-sqlite3";
import type { Db, SqliteHandle } from "../deps.js";

// Ids travel in slices: a project's whole list of checks would pass SQLite's limit of bound
// values (32,766) past that many checks.
const ID_SLICE = 1000;

/** The UUIDs each check depends on. */
export async function dependencyUuidsByCheck(db: Db, checkIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (let i = 0; i < checkIds.length; i += ID_SLICE) {
    const rows = await db
      .selectFrom("check_dependencies as d")
      .innerJoin("checks as c", "c.id", "d.depends_on_id")
      .select(["d.check_id", "c.uuid"])
      .where("d.check_id", "in", checkIds.slice(i, i + ID_SLICE))
      .execute();
    for (const row of rows) {
      const id = Number(row.check_id);
      out.set(id, [...(out.get(id) ?? []), row.uuid]);
    }
  }
  return out;
}

export async function setDependencies(db: Db, checkId: number, dependsOn: number[]): Promise<void> {
  await db.deleteFrom("check_dependencies").where("check_id", "=", checkId).execute();
  if (dependsOn.length > 0) await db.insertInto("check_dependencies").values(dependsOn.map((id) => ({ check_id: checkId, depends_on_id: id }))).execute();
}

/** Every dependency edge of a project's checks, to look for a cycle before saving one more. */
export async function projectDependencyEdges(db: Db, projectId: number): Promise<{ check_id: number; depends_on_id: number }[]> {
  const rows = await db
    .selectFrom("check_dependencies as d")
    .innerJoin("checks as c", "c.id", "d.check_id")
    .select(["d.check_id", "d.depends_on_id"])
    .where("c.project_id", "=", projectId)
    .execute();
  return rows.map((r) => ({ check_id: Number(r.check_id), depends_on_id: Number(r.depends_on_id) }));
}

const downStatements = new WeakMap<SqliteHandle, { any: Statement; down: Statement; named: Statement }>();

/**
 * For each of these checks, one dependency that is down now (the first by id), if any. Given
 * SQLite's handle, the whole list (its ids as a JSON array) is answered by two statements: the
 * edges to a down dependency as one JSON text of id pairs, then the names of the few
 * dependencies they reach. The worker asks this of 5,000 checks at a time, and the driver
 * handing over 5,000 rows one value at a time cost more than finding them.
 */
export async function downDependencies(db: Db, checkIds: number[], sqlite?: SqliteHandle): Promise<Map<number, { uuid: string; name: string }>> {
  const out = new Map<number, { uuid: string; name: string }>();
  if (sqlite) {
    let statements = downStatements.get(sqlite);
    if (!statements) {
      statements = {
        any: sqlite.prepare("SELECT 1 FROM check_dependencies LIMIT 1").pluck(),
        down: sqlite
          .prepare(
            "SELECT json_group_array(json_array(d.check_id, d.depends_on_id)) FROM check_dependencies d JOIN checks c ON c.id = d.depends_on_id WHERE d.check_id IN (SELECT value FROM json_each(?)) AND c.status = 'down'",
          )
          .pluck(),
        named: sqlite.prepare("SELECT id, uuid, name FROM checks WHERE id IN (SELECT value FROM json_each(?))").raw(),
      };
      downStatements.set(sqlite, statements);
    }
    // Without a single dependency anywhere, nothing to look up.
    if (statements.any.get() === undefined) return out;
    const edges = JSON.parse(statements.down.get(JSON.stringify(checkIds)) as string) as [number, number][];
    const named = new Map<number, { id: number; uuid: string; name: string }>();
    const dependencyIds = JSON.stringify([...new Set(edges.map(([, dependencyId]) => dependencyId))]);
    for (const [id, uuid, name] of statements.named.all(dependencyIds) as [number, string, string][]) named.set(id, { id, uuid, name });
    const first = new Map<number, { id: number; uuid: string; name: string }>();
    for (const [checkId, dependencyId] of edges) {
      const chosen = first.get(checkId);
      if (chosen === undefined || dependencyId < chosen.id) first.set(checkId, named.get(dependencyId)!);
    }
    return first;
  }
  for (let i = 0; i < checkIds.length; i += ID_SLICE) {
    const rows = await db
      .selectFrom("check_dependencies as d")
      .innerJoin("checks as c", "c.id", "d.depends_on_id")
      .select(["d.check_id", "c.uuid", "c.name"])
      .where("d.check_id", "in", checkIds.slice(i, i + ID_SLICE))
      .where("c.status", "=", "down")
      .orderBy("c.id")
      .execute();
    for (const row of rows) if (!out.has(Number(row.check_id))) out.set(Number(row.check_id), { uuid: row.uuid, name: row.name });
  }
  return out;
}
