// Maintenance windows (docs/monitor-extensions.md): added and removed one at a time through
// their endpoints and the dashboard, or all of a check's at once through its `maintenance`
// field. Alerts a removed window was holding are looked at again by the next worker cycle.
import { randomUUID } from "node:crypto";
import { lockForTransaction } from "@beacon/platform";
import type { Db, MonitorDeps } from "../deps.js";
import { MAX_WINDOWS, type WindowSpec } from "../lib/maintenance.js";
import { releaseWindowHolds } from "../store/held-alerts.js";
import { deleteWindows, insertWindows, listWindows } from "../store/maintenance.js";
import type { MaintenanceWindow } from "../store/schema.js";

export type WindowOutcome = { kind: "added"; window: MaintenanceWindow } | { kind: "too_many" };

export const TOO_MANY_WINDOWS = `too many maintenance windows (at most ${MAX_WINDOWS})`;

const row = (projectId: number, checkId: number | null, spec: WindowSpec, now: number): Omit<MaintenanceWindow, "id"> => ({
  uuid: randomUUID(),
  project_id: projectId,
  check_id: checkId,
  ...spec,
  created: now,
});

const scopeLock = (projectId: number, checkId: number | null) => `monitor.maintenance.${projectId}.${checkId ?? "project"}`;

/** A window of one check (checkId) or of every check of the project (checkId null). */
export async function addWindow(deps: MonitorDeps, projectId: number, checkId: number | null, spec: WindowSpec): Promise<WindowOutcome> {
  const now = deps.clock.now().getTime();
  return deps.db.transaction().execute(async (trx) => {
    // Concurrent adds of one scope take turns, so the limit holds.
    await lockForTransaction(trx, deps.dialect, scopeLock(projectId, checkId));
    if ((await listWindows(trx, projectId, checkId)).length >= MAX_WINDOWS) return { kind: "too_many" };
    const [window] = await insertWindows(trx, [row(projectId, checkId, spec, now)]);
    return { kind: "added", window };
  });
}

export async function removeWindow(deps: MonitorDeps, window: MaintenanceWindow): Promise<void> {
  const now = deps.clock.now().getTime();
  await deps.db.transaction().execute(async (trx) => {
    await deleteWindows(trx, [window.id]);
    await releaseWindowHolds(trx, [window.uuid], now);
  });
  deps.alertWorker?.wake();
}

/** A check's `maintenance` field: its windows become exactly these (inside the caller's transaction). */
export async function replaceCheckWindows(trx: Db, projectId: number, checkId: number, specs: WindowSpec[], now: number): Promise<void> {
  const old = await listWindows(trx, projectId, checkId);
  await deleteWindows(trx, old.map((w) => w.id));
  await releaseWindowHolds(trx, old.map((w) => w.uuid), now);
  await insertWindows(trx, specs.map((spec) => row(projectId, checkId, spec, now)));
}
