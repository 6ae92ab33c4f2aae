// Check dependencies (docs/monitor-extensions.md): which checks of its project a check
// depends on, and the alert worker's bulk questions about them.
import type { Statement } from "better-sqlite3";
import type { Db, SqliteHandle } from "../deps.js";
import type { DependencyHold } from "./held-alerts.js";

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
 * For each of these checks, in their order, one dependency that is down now (the first by id),
 * or undefined. Given SQLite's handle, the whole list (its ids as one JSON array) is answered by
 * two statements: each check's edges to a down dependency, by the check's place in the list,
 * as one JSON text of pairs, then the names of the few dependencies they reach. The worker asks
 * this of 5,000 checks at a time: the driver handing over 5,000 rows one value at a time, and
 * maps keyed by check, each cost more than finding the edges.
 */
export async function downDependencies(db: Db, checkIds: number[], sqlite?: SqliteHandle): Promise<(DependencyHold | undefined)[]> {
  if (sqlite) {
    let statements = downStatements.get(sqlite);
    if (!statements) {
      statements = {
        any: sqlite.prepare("SELECT 1 FROM check_dependencies LIMIT 1").pluck(),
        // CROSS JOIN keeps the list the outer loop, so the pairs come in its order.
        down: sqlite
          .prepare(
            "SELECT json_group_array(json_array(j.key, d.depends_on_id)) FROM json_each(?) j CROSS JOIN check_dependencies d ON d.check_id = j.value CROSS JOIN checks c ON c.id = d.depends_on_id WHERE c.status = 'down'",
          )
          .pluck(),
        named: sqlite.prepare("SELECT id, uuid, name FROM checks WHERE id IN (SELECT value FROM json_each(?))").raw(),
      };
      downStatements.set(sqlite, statements);
    }
    const none = () => checkIds.map((): DependencyHold | undefined => undefined);
    // Without a single dependency anywhere, nothing to look up.
    if (statements.any.get() === undefined) return none();
    const pairs = JSON.parse(statements.down.get(JSON.stringify(checkIds)) as string) as [number, number][];
    if (pairs.length === 0) return none();
    const first = checkIds.map((): number | undefined => undefined);
    for (const [at, dependencyId] of pairs) if (first[at] === undefined || dependencyId < first[at]) first[at] = dependencyId;
    const named = new Map<number, DependencyHold>();
    for (const [id, uuid, name] of statements.named.all(JSON.stringify([...new Set(pairs.map(([, dependencyId]) => dependencyId))])) as [number, string, string][]) named.set(id, { uuid, name });
    return first.map((id) => (id === undefined ? undefined : named.get(id)));
  }
  const out = new Map<number, DependencyHold>();
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
  return checkIds.map((id) => out.get(id));
}
