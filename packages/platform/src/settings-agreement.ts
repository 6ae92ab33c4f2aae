// Settings every process serving one database must share (the site's address, the event bus,
// the keys that sign URLs…). Each serving process records itself in `serving_processes` with a
// fingerprint of each such setting and refreshes its row while it runs; a process that starts
// with a different value than a live one refuses to start, naming the setting and that process.
// Fingerprints are SHA-256 digests of the values, so a secret never reaches the table.
import { createHash, randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely, Migration } from "kysely";
import type { Clock } from "./clock.js";
import type { Logger } from "./log.js";
import { StartupError } from "./startup.js";

export const SERVING_PROCESSES_TABLE = "serving_processes";
/**
 * The table's migration, one definition for both servers: each app's migration list runs it
 * under its own name (the chat's 031, the monitor's 014).
 */
export function servingProcessesMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(SERVING_PROCESSES_TABLE)
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("host", "text", (c) => c.notNull())
        .addColumn("pid", "integer", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("seen_at", "bigint", (c) => c.notNull())
        .addColumn("fingerprints", "text", (c) => c.notNull())
        .execute();
    },
  };
}

/** How often a process refreshes its row's `seen_at`. */
export const SEEN_INTERVAL_MS = 30_000;
/** A row not refreshed for this long is a process that died: ignored, then pruned. */
export const STALE_AFTER_MS = 90_000;

/** Each must-agree setting by its environment name, with its effective value (defaults and derived keys resolved). */
export type AgreedSettings = Record<string, string>;

export interface ServingProcessOptions {
  settings: AgreedSettings;
  clock: Clock;
  log: Logger;
  /** a read-only database: compare with the live processes, but record nothing */
  readOnly?: boolean;
}

export interface ServingProcess {
  /** stops refreshing and deletes this process's row */
  stop(): Promise<void>;
}

interface ProcessRow {
  id: string;
  host: string;
  pid: number;
  started_at: number | string;
  seen_at: number | string;
  fingerprints: string;
}

export function fingerprint(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function fingerprints(settings: AgreedSettings): Record<string, string> {
  return Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, fingerprint(value)]));
}

/** The settings whose fingerprints differ; a setting the other process does not record is not compared. */
function differing(mine: Record<string, string>, theirs: Record<string, string>): string[] {
  return Object.keys(mine).filter((name) => name in theirs && theirs[name] !== mine[name]);
}

function utcTime(at: Date, now: Date): string {
  const iso = at.toISOString();
  const sameDay = iso.slice(0, 10) === now.toISOString().slice(0, 10);
  return `${sameDay ? "" : `${iso.slice(0, 10)} `}${iso.slice(11, 19)} UTC`;
}

export function disagreementMessage(names: string[], other: Pick<ProcessRow, "host" | "pid">, since: Date, now: Date): string {
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  const verb = names.length === 1 ? "differs" : "differ";
  return `${list} ${verb} from the process ${other.pid} on ${other.host} serving this database since ${utcTime(since, now)}; set the same value on every process (or stop that one first)`;
}

/** Throws a StartupError naming the settings that differ from the oldest live process that disagrees. */
async function checkAgreement(db: Kysely<any>, mine: Record<string, string>, selfId: string, now: Date): Promise<void> {
  const live = (await db
    .selectFrom(SERVING_PROCESSES_TABLE)
    .selectAll()
    .where("id", "!=", selfId)
    .where("seen_at", ">=", now.getTime() - STALE_AFTER_MS)
    .orderBy("started_at")
    .execute()) as ProcessRow[];
  for (const other of live) {
    const names = differing(mine, JSON.parse(other.fingerprints));
    if (names.length > 0) throw new StartupError(disagreementMessage(names, other, new Date(Number(other.started_at)), now));
  }
}

/**
 * Records this process as serving the database, after checking that every live process has the
 * same settings (a StartupError otherwise). Call it at a server's start, before it listens.
 */
export async function registerServingProcess(db: Kysely<any>, options: ServingProcessOptions): Promise<ServingProcess> {
  const mine = fingerprints(options.settings);
  const startedAt = options.clock.now().getTime();
  const row = { id: randomUUID(), host: hostname(), pid: process.pid, started_at: startedAt, fingerprints: JSON.stringify(mine) };
  if (options.readOnly) {
    await checkAgreement(db, mine, row.id, options.clock.now());
    return { stop: async () => {} };
  }
  await db.deleteFrom(SERVING_PROCESSES_TABLE).where("seen_at", "<", startedAt - STALE_AFTER_MS).execute();
  // Recorded before comparing: of two processes starting at once with different values, each
  // then sees the other, and neither serves.
  await db.insertInto(SERVING_PROCESSES_TABLE).values({ ...row, seen_at: startedAt }).execute();
  try {
    await checkAgreement(db, mine, row.id, options.clock.now());
  } catch (error) {
    await db.deleteFrom(SERVING_PROCESSES_TABLE).where("id", "=", row.id).execute();
    throw error;
  }

  const refresh = async () => {
    const seenAt = options.clock.now().getTime();
    const updated = await db.updateTable(SERVING_PROCESSES_TABLE).set({ seen_at: seenAt }).where("id", "=", row.id).executeTakeFirst();
    // Pruned by another process while this one was paused for longer than the stale limit.
    if (updated.numUpdatedRows === 0n) await db.insertInto(SERVING_PROCESSES_TABLE).values({ ...row, seen_at: seenAt }).execute();
  };
  let refreshing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    refreshing = refreshing.then(refresh).catch((error) => options.log.warn({ err: error }, "could not refresh this process's row in serving_processes"));
  }, SEEN_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await refreshing;
      await db.deleteFrom(SERVING_PROCESSES_TABLE).where("id", "=", row.id).execute();
    },
  };
}
