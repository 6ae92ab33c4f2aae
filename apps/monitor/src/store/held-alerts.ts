// Down alerts held back (docs/monitor-extensions.md). A flip held by a dependency that was down
// names it on itself (`flips.held_by_uuid`), written with the flip; its hold ends with the
// check's next up flip, which is held too. A flip held by a maintenance window has a
// `held_alerts` row: open until the check comes back up (its up alert is then held too) or
// until the worker looks at it again at `release_at`.
import { sql, type Insertable } from "kysely";
import type { Dialect } from "@beacon/platform";
import type { Statement } from "better-sqlite3";
import type { Db, SqliteHandle } from "../deps.js";
import type { Flip, HeldAlert, HeldAlertsTable } from "./schema.js";

const CHUNK = 500;

const HOLD_COLUMNS = ["flip_id", "check_id", "window_uuid", "window_label", "release_at", "released"] as const;
const HOLD_TYPES = ["bigint", "bigint", "text", "text", "bigint", "bigint"] as const;
const holdColumns = sql.raw(HOLD_COLUMNS.join(", "));

const insertStatements = new WeakMap<SqliteHandle, Statement>();

/** A flip held back by a dependency: the dependency's UUID and name at that moment. */
export interface DependencyHold {
  uuid: string;
  name: string;
}

/**
 * Records that a dependency held back these flips, already written (a ping's, judged when the
 * worker takes it): one statement per dependency.
 */
export async function holdFlipsByDependency(db: Db, holds: Map<number, DependencyHold>): Promise<void> {
  const byDependency = new Map<string, { hold: DependencyHold; flipIds: number[] }>();
  for (const [flipId, hold] of holds) {
    const group = byDependency.get(hold.uuid) ?? { hold, flipIds: [] };
    group.flipIds.push(flipId);
    byDependency.set(hold.uuid, group);
  }
  for (const { hold, flipIds } of byDependency.values()) {
    for (let i = 0; i < flipIds.length; i += CHUNK) await db.updateTable("flips").set({ held_by_uuid: hold.uuid, held_by_name: hold.name }).where("id", "in", flipIds.slice(i, i + CHUNK)).execute();
  }
}

/**
 * Of these up flips, those that end a downtime a dependency held back: the check's latest flip
 * up or down before each is a down flip with a dependency's hold.
 */
export async function endingDependencyHolds(db: Db, ups: Flip[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ups.length; i += CHUNK) {
    const rows = await db
      .selectFrom("flips as u")
      .select("u.id")
      .where("u.id", "in", ups.slice(i, i + CHUNK).map((f) => f.id))
      .where((eb) =>
        eb(
          eb
            .selectFrom("flips as d")
            .select("d.held_by_uuid")
            .whereRef("d.check_id", "=", "u.check_id")
            .whereRef("d.id", "<", "u.id")
            .where("d.new_status", "in", ["up", "down"])
            .orderBy("d.id", "desc")
            .limit(1),
          "is not",
          null,
        ),
      )
      .execute();
    for (const row of rows) out.add(row.id);
  }
  return out;
}

/**
 * Records these holds of a window. Given SQLite's handle, one prepared statement per hold:
 * cheaper than one statement for them all, which parsed each row from JSON and, since a
 * statement writing many rows may have to undo itself, copied each page it changed into a
 * statement journal.
 * Otherwise one statement whatever their number: the rows as one JSON array on SQLite, as one
 * array per column on PostgreSQL.
 */
export async function insertHeldAlerts(db: Db, dialect: Dialect, rows: Insertable<HeldAlertsTable>[], sqlite?: SqliteHandle): Promise<void> {
  if (rows.length === 0) return;
  const value = (row: Insertable<HeldAlertsTable>, column: (typeof HOLD_COLUMNS)[number]) => row[column] ?? null;
  if (sqlite) {
    let statement = insertStatements.get(sqlite);
    if (!statement) {
      statement = sqlite.prepare(`INSERT INTO held_alerts (${HOLD_COLUMNS.join(", ")}) VALUES (${HOLD_COLUMNS.map(() => "?").join(", ")})`);
      insertStatements.set(sqlite, statement);
    }
    // In the order of their checks, so `held_alerts_check_flip` is filled front to back.
    for (const row of [...rows].sort((a, b) => a.check_id - b.check_id)) statement.run(row.flip_id, row.check_id, value(row, "window_uuid"), value(row, "window_label"), value(row, "release_at"), value(row, "released"));
    return;
  }
  if (dialect === "sqlite") {
    const json = JSON.stringify(rows.map((row) => HOLD_COLUMNS.map((column) => value(row, column))));
    const fields = sql.raw(HOLD_COLUMNS.map((_, i) => `value ->> ${i}`).join(", "));
    await sql`INSERT INTO held_alerts (${holdColumns}) SELECT ${fields} FROM json_each(${json})`.execute(db);
  } else {
    const arrays = sql.join(HOLD_COLUMNS.map((column, i) => sql`${rows.map((row) => value(row, column))}::${sql.raw(HOLD_TYPES[i]!)}[]`));
    await sql`INSERT INTO held_alerts (${holdColumns}) SELECT * FROM unnest(${arrays})`.execute(db);
  }
}

/** The open holds of a window of these checks, as (check, held flip). */
export async function openHolds(db: Db, checkIds: number[]): Promise<{ check_id: number; flip_id: number }[]> {
  const out: { check_id: number; flip_id: number }[] = [];
  for (let i = 0; i < checkIds.length; i += CHUNK) {
    out.push(...(await db.selectFrom("held_alerts").select(["check_id", "flip_id"]).where("check_id", "in", checkIds.slice(i, i + CHUNK)).where("released", "is", null).execute()));
  }
  return out;
}

/** Closes these holds (the downtime they held ended, or was told after all). */
export async function closeHolds(db: Db, flipIds: number[], now: number): Promise<void> {
  for (let i = 0; i < flipIds.length; i += CHUNK) await db.updateTable("held_alerts").set({ released: now }).where("flip_id", "in", flipIds.slice(i, i + CHUNK)).execute();
}

/** Holds of a window that is removed or changed are looked at again at once. */
export async function releaseWindowHolds(db: Db, windowUuids: string[], now: number): Promise<void> {
  if (windowUuids.length === 0) return;
  await db.updateTable("held_alerts").set({ release_at: now }).where("window_uuid", "in", windowUuids).where("released", "is", null).execute();
}

/**
 * Closes up to `limit` open holds whose window is over and returns their flips. One statement,
 * rows locked and skipped on PostgreSQL, so concurrent workers never take the same hold.
 */
export async function claimEndedHolds(db: Db, dialect: Dialect, now: number, limit: number): Promise<Flip[]> {
  let pick = db.selectFrom("held_alerts").select("flip_id").where("released", "is", null).where("release_at", "<=", now).orderBy("release_at").limit(limit);
  if (dialect === "postgres") pick = pick.forUpdate().skipLocked();
  const claimed = await db.updateTable("held_alerts").set({ released: now }).where("released", "is", null).where("flip_id", "in", pick).returning("flip_id").execute();
  if (claimed.length === 0) return [];
  return db.selectFrom("flips").selectAll().where("id", "in", claimed.map((c) => c.flip_id)).orderBy("id").execute();
}

/** A claimed hold stays open, until the end of the maintenance that covers its check now. */
export async function holdAgain(db: Db, flipId: number, window: Pick<HeldAlert, "window_uuid" | "window_label" | "release_at">): Promise<void> {
  await db.updateTable("held_alerts").set({ ...window, released: null }).where("flip_id", "=", flipId).execute();
}

/** Of these flips, those that are still their check's latest while it is stored down. */
export async function stillDown(db: Db, flips: Flip[]): Promise<Flip[]> {
  const latest = new Map<number, number>();
  for (let i = 0; i < flips.length; i += CHUNK) {
    const rows = await db
      .selectFrom("flips")
      .innerJoin("checks", "checks.id", "flips.check_id")
      .select(["flips.check_id"])
      .select((eb) => eb.fn.max("flips.id").as("last"))
      .where("flips.check_id", "in", flips.slice(i, i + CHUNK).map((f) => f.check_id))
      .where("checks.status", "=", "down")
      .groupBy("flips.check_id")
      .execute();
    for (const row of rows) latest.set(Number(row.check_id), Number(row.last));
  }
  return flips.filter((f) => latest.get(f.check_id) === f.id);
}

/** The earliest time a hold is due to be looked at again, so the worker can wake for it. */
export async function nextRelease(db: Db): Promise<number | null> {
  const row = await db.selectFrom("held_alerts").select((eb) => eb.fn.min("release_at").as("at")).where("released", "is", null).where("release_at", "is not", null).executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

/** Why a down flip's alerts were held back: a dependency that was down, or a window. */
export type FlipHold = { dependency: DependencyHold } | { window: Pick<HeldAlert, "window_label" | "release_at"> };

/** The holds of these flips, by flip id (for the log). */
export async function holdsByFlip(db: Db, flips: Flip[]): Promise<Map<number, FlipHold>> {
  const out = new Map<number, FlipHold>();
  const others: number[] = [];
  for (const flip of flips) {
    if (flip.held_by_uuid !== null) out.set(flip.id, { dependency: { uuid: flip.held_by_uuid, name: flip.held_by_name ?? "" } });
    else if (flip.new_status === "down") others.push(flip.id);
  }
  for (let i = 0; i < others.length; i += CHUNK) {
    for (const row of await db.selectFrom("held_alerts").select(["flip_id", "window_label", "release_at"]).where("flip_id", "in", others.slice(i, i + CHUNK)).execute()) {
      out.set(row.flip_id, { window: { window_label: row.window_label, release_at: row.release_at } });
    }
  }
  return out;
}
