// Maintenance windows (docs/monitor-extensions.md): a check's or a project's, and the alert
// worker's bulk question of which windows apply to a batch of checks.
import type { Db } from "../deps.js";
import type { MaintenanceWindow } from "./schema.js";

const CHUNK = 500;

/** A check's own windows (checkId) or a project's windows for all its checks (checkId null), oldest first. */
export async function listWindows(db: Db, projectId: number, checkId: number | null): Promise<MaintenanceWindow[]> {
  let query = db.selectFrom("maintenance_windows").selectAll().where("project_id", "=", projectId);
  query = checkId === null ? query.where("check_id", "is", null) : query.where("check_id", "=", checkId);
  return query.orderBy("id").execute();
}

export async function insertWindows(db: Db, rows: Omit<MaintenanceWindow, "id">[]): Promise<MaintenanceWindow[]> {
  if (rows.length === 0) return [];
  return db.insertInto("maintenance_windows").values(rows).returningAll().execute();
}

export async function deleteWindows(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("maintenance_windows").where("id", "in", ids).execute();
}

/** Each check's own windows, for checks shown in the API (only those that have any). */
export async function ownWindowsByCheck(db: Db, checkIds: number[]): Promise<Map<number, MaintenanceWindow[]>> {
  const out = new Map<number, MaintenanceWindow[]>();
  for (let i = 0; i < checkIds.length; i += CHUNK) {
    const rows = await db.selectFrom("maintenance_windows").selectAll().where("check_id", "in", checkIds.slice(i, i + CHUNK)).orderBy("id").execute();
    for (const row of rows) out.set(row.check_id!, [...(out.get(row.check_id!) ?? []), row]);
  }
  return out;
}

/**
 * Every window that applies to each of these checks (its own and its project's), leaving out
 * one-off windows over before `since`: a few queries per batch of checks, none per check, and
 * one cheap query when no window exists at all.
 */
export async function applicableWindows(db: Db, checkIds: number[], since: number): Promise<Map<number, MaintenanceWindow[]>> {
  const out = new Map<number, MaintenanceWindow[]>();
  if (checkIds.length === 0 || !(await db.selectFrom("maintenance_windows").select("id").limit(1).executeTakeFirst())) return out;
  const add = (checkId: number, window: MaintenanceWindow) => {
    const list = out.get(checkId);
    if (list) list.push(window);
    else out.set(checkId, [window]);
  };
  const projectOf = new Map<number, number>();
  for (let i = 0; i < checkIds.length; i += CHUNK) {
    const ids = checkIds.slice(i, i + CHUNK);
    for (const row of await db.selectFrom("checks").select(["id", "project_id"]).where("id", "in", ids).execute()) projectOf.set(row.id, Number(row.project_id));
    const own = await db
      .selectFrom("maintenance_windows")
      .selectAll()
      .where("check_id", "in", ids)
      .where((eb) => eb.or([eb("ends", "is", null), eb("ends", ">", since)]))
      .orderBy("id")
      .execute();
    for (const row of own) add(row.check_id!, row);
  }
  // A project's windows are read once, not joined to each check (which read them once per
  // check, and let SQLite walk the whole project's checks for each window); each is one object
  // shared by the checks it applies to, as the worker remembers answers per window.
  const projectIds = [...new Set(projectOf.values())];
  const byProject = new Map<number, MaintenanceWindow[]>();
  for (let i = 0; i < projectIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom("maintenance_windows")
      .selectAll()
      .where("project_id", "in", projectIds.slice(i, i + CHUNK))
      .where("check_id", "is", null)
      .where((eb) => eb.or([eb("ends", "is", null), eb("ends", ">", since)]))
      .orderBy("id")
      .execute();
    for (const row of rows) byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row]);
  }
  for (const checkId of checkIds) for (const window of byProject.get(projectOf.get(checkId)!) ?? []) add(checkId, window);
  return out;
}
