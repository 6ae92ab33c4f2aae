// Turning flips into alerts: in the transaction that marks a flip processed, it gets one
// outbox row per integration to notify (§12.4): none for new→up and paused→up, only flips to
// up or down, disabled and no-op integrations skipped. The worker's own down flips are
// processed as they are recorded (going-down.ts); step 2 of the alert worker takes the
// others (a ping's, say).
import { randomUUID } from "node:crypto";
import type { MonitorDeps } from "../deps.js";
import { claimFlips, enabledChannelsByCheck, insertNotifications } from "../store/outbox.js";
import type { Flip, HeldAlertsTable, Notification } from "../store/schema.js";
import { transportFor } from "../integrations/registry.js";
import { downDependencies } from "../store/dependencies.js";
import { claimEndedHolds, closeHolds, endingDependencyHolds, holdAgain, holdFlipsByDependency, insertHeldAlerts, openHolds, stillDown, type DependencyHold } from "../store/held-alerts.js";
import { applicableWindows } from "../store/maintenance.js";
import { maintenanceAt, WindowMemo, windowLabel } from "../lib/maintenance.js";
import type { Db, SqliteHandle } from "../deps.js";
import type { Dialect } from "@beacon/platform";
import type { Insertable } from "kysely";

const BATCH = 1000;

export function needsAlert(flip: Pick<Flip, "old_status" | "new_status">): boolean {
  if (flip.new_status !== "up" && flip.new_status !== "down") return false;
  return !(flip.new_status === "up" && (flip.old_status === "new" || flip.old_status === "paused"));
}

/** Records on these down flips, already written, the dependency that holds them back, if any. */
async function holdByDependencies(trx: Db, downs: Flip[], sqlite: SqliteHandle | undefined): Promise<void> {
  if (downs.length === 0) return;
  const blockers = await downDependencies(trx, downs.map((f) => f.check_id), sqlite);
  const held = new Map<number, DependencyHold>();
  downs.forEach((flip, i) => {
    const blocker = blockers[i];
    if (!blocker) return;
    flip.held_by_uuid = blocker.uuid;
    flip.held_by_name = blocker.name;
    held.set(flip.id, blocker);
  });
  await holdFlipsByDependency(trx, held);
}

/** Of these down flips, those a maintenance window covering the flip's instant holds back. */
async function windowHoldsFor(trx: Db, downs: Flip[]): Promise<Insertable<HeldAlertsTable>[]> {
  const holds: Insertable<HeldAlertsTable>[] = [];
  if (downs.length === 0) return holds;
  const since = Math.min(...downs.map((f) => f.created));
  const windows = await applicableWindows(trx, [...new Set(downs.map((f) => f.check_id))], since);
  const memo = new WindowMemo();
  for (const flip of downs) {
    const covering = maintenanceAt(windows.get(flip.check_id) ?? [], flip.created, memo.endOf);
    if (covering) holds.push({ flip_id: flip.id, check_id: flip.check_id, window_uuid: covering.window.uuid, window_label: windowLabel(covering.window), release_at: covering.until });
  }
  return holds;
}

/**
 * The flips to alert about. A down flip is held back by a dependency that is down now (named
 * on the flip), else by a maintenance window covering its instant (a `held_alerts` row). The up
 * flip that ends a held downtime is held too (nobody is told a check is up again that they
 * never heard was down), which closes a window's hold. `dependenciesJudged`: the down flips
 * were written with their dependency's hold already (the worker's own). A few queries per
 * batch, none per flip.
 */
async function withoutHeld(trx: Db, dialect: Dialect, flips: Flip[], now: number, sqlite: SqliteHandle | undefined, dependenciesJudged: boolean): Promise<Flip[]> {
  const downs = flips.filter((f) => f.new_status === "down");
  if (!dependenciesJudged) await holdByDependencies(trx, downs, sqlite);
  const windowHolds = await windowHoldsFor(trx, downs.filter((f) => f.held_by_uuid === null));
  await insertHeldAlerts(trx, dialect, windowHolds, sqlite);
  // Held by a dependency: named on the flip itself. Held otherwise (by a window, or as the end
  // of a held downtime): in `held`, which stays small.
  const held = new Set(windowHolds.map((h) => h.flip_id));
  const ups = flips.filter((f) => f.new_status === "up");
  for (const id of await endingDependencyHolds(trx, ups)) held.add(id);
  const openByCheck = new Map<number, number[]>();
  for (const hold of await openHolds(trx, [...new Set(ups.map((f) => f.check_id))])) {
    openByCheck.set(hold.check_id, [...(openByCheck.get(hold.check_id) ?? []), hold.flip_id]);
  }
  const closed: number[] = [];
  for (const up of ups) {
    const open = openByCheck.get(up.check_id) ?? [];
    const ended = open.filter((flipId) => flipId < up.id);
    if (ended.length === 0) continue;
    held.add(up.id);
    closed.push(...ended);
    openByCheck.set(up.check_id, open.filter((flipId) => flipId > up.id));
  }
  await closeHolds(trx, closed, now);
  return flips.filter((f) => f.held_by_uuid === null && !held.has(f.id));
}

/** One outbox row per enabled integration of each flip's check (no-op ones skipped). */
async function queueAlerts(trx: Db, flips: Flip[], now: number, sqlite?: SqliteHandle): Promise<number> {
  if (flips.length === 0) return 0;
  const channels = await enabledChannelsByCheck(trx, [...new Set(flips.map((f) => f.check_id))], sqlite);
  const rows: Omit<Notification, "id">[] = [];
  for (const flip of flips) {
    for (const channel of channels.get(flip.check_id) ?? []) {
      if (transportFor(channel.kind).isNoop(channel, flip.new_status)) continue;
      rows.push({
        uuid: randomUUID(),
        check_id: flip.check_id,
        channel_id: channel.id,
        flip_id: flip.id,
        check_status: flip.new_status,
        old_status: flip.old_status,
        reason: flip.reason,
        flip_created: flip.created,
        created: now,
        state: "pending",
        attempts: 0,
        next_attempt: now,
        claimed_until: null,
        sent: null,
        error: "",
      });
    }
  }
  await insertNotifications(trx, rows);
  return rows.length;
}

/**
 * Of these held flips, those no window covers at `now`; the others stay held until the end of
 * the maintenance that covers them now (a window added meanwhile, or another one when the
 * window that held them was removed).
 */
async function outsideMaintenance(trx: Db, flips: Flip[], now: number): Promise<Flip[]> {
  const windows = await applicableWindows(trx, [...new Set(flips.map((f) => f.check_id))], now);
  const memo = new WindowMemo();
  const outside: Flip[] = [];
  for (const flip of flips) {
    const covering = maintenanceAt(windows.get(flip.check_id) ?? [], now, memo.endOf);
    if (covering) await holdAgain(trx, flip.id, { window_uuid: covering.window.uuid, window_label: windowLabel(covering.window), release_at: covering.until });
    else outside.push(flip);
  }
  return outside;
}

/**
 * Holds whose maintenance window is over: the down alert goes out now if its flip is still the
 * check's latest, the check is down and no window covers it now; a check that recovered (or was
 * paused) meanwhile sends nothing. Returns how many notifications were queued.
 */
export async function releaseEndedHolds(deps: MonitorDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const now = deps.clock.now().getTime();
    const { claimed, count } = await deps.db.transaction().execute(async (trx) => {
      const flips = await claimEndedHolds(trx, deps.dialect, now, BATCH);
      const due = await outsideMaintenance(trx, await stillDown(trx, flips), now);
      return { claimed: flips.length, count: await queueAlerts(trx, due, now) };
    });
    queued += count;
    if (claimed < BATCH) return queued;
  }
}

/**
 * The alerts of these flips, processed in this transaction: held ones recorded, the others
 * queued. Returns how many notifications were queued. On SQLite, `sqlite` is the handle the
 * transaction runs on, for the bulk statements that run on it directly. `dependenciesJudged`:
 * the flips were written with their dependency's hold (the worker asks `downDependencies` before it writes them).
 */
export async function queueFlipAlerts(trx: Db, dialect: Dialect, flips: Flip[], now: number, options: { sqlite?: SqliteHandle; dependenciesJudged?: boolean } = {}): Promise<number> {
  const { sqlite, dependenciesJudged = false } = options;
  return queueAlerts(trx, await withoutHeld(trx, dialect, flips.filter(needsAlert), now, sqlite, dependenciesJudged), now, sqlite);
}

/** The flips not alerted when recorded (a ping's, say). Returns how many notifications were queued. */
export async function processFlips(deps: MonitorDeps): Promise<number> {
  let queued = 0;
  for (;;) {
    const now = deps.clock.now().getTime();
    const { claimed, count } = await deps.db.transaction().execute(async (trx) => {
      const flips = await claimFlips(trx, deps.dialect, now, BATCH);
      return { claimed: flips.length, count: await queueFlipAlerts(trx, deps.dialect, flips, now, { sqlite: deps.sqlite }) };
    });
    queued += count;
    if (claimed < BATCH) return queued;
  }
}
