// The alert outbox: unprocessed flips become notification rows in one transaction; the
// rows are then claimed (with a lease), delivered and marked. Claims are single
// statements (UPDATE … WHERE id IN (… FOR UPDATE SKIP LOCKED on PostgreSQL) RETURNING),
// so concurrent workers never take the same row.
import { sql, type ExpressionBuilder } from "kysely";
import type { Dialect } from "@beacon/platform";
import type { Statement } from "better-sqlite3";
import type { Db, SqliteHandle } from "../deps.js";
import type { Channel, Flip, MonitorDB, Notification } from "./schema.js";

/** Marks up to `limit` unprocessed flips processed and returns them. */
export async function claimFlips(db: Db, dialect: Dialect, now: number, limit: number): Promise<Flip[]> {
  let pick = db.selectFrom("flips").select("id").where("processed", "is", null).orderBy("id").limit(limit);
  if (dialect === "postgres") pick = pick.forUpdate().skipLocked();
  return db.updateTable("flips").set({ processed: now }).where("id", "in", pick).returningAll().execute();
}

const channelStatements = new WeakMap<SqliteHandle, { assigned: Statement; channels: Statement }>();

/**
 * Enabled integrations of each check, fastest deliveries first, never-used ones last. Given
 * SQLite's handle, two prepared statements answer the whole list (its ids as a JSON array):
 * the (check, integration) pairs in order as arrays, then each integration once, shared by
 * its checks.
 */
export async function enabledChannelsByCheck(db: Db, checkIds: number[], sqlite?: SqliteHandle): Promise<Map<number, Channel[]>> {
  const out = new Map<number, Channel[]>();
  if (sqlite) {
    let statements = channelStatements.get(sqlite);
    if (!statements) {
      statements = {
        assigned: sqlite
          .prepare(
            `SELECT cc.check_id, c.id FROM check_channels cc JOIN channels c ON c.id = cc.channel_id WHERE cc.check_id IN (SELECT value FROM json_each(?)) AND c.disabled = 0
             ORDER BY c.last_notify_duration IS NULL, c.last_notify_duration, c.id`,
          )
          .raw(),
        channels: sqlite.prepare("SELECT * FROM channels WHERE id IN (SELECT value FROM json_each(?))"),
      };
      channelStatements.set(sqlite, statements);
    }
    const pairs = statements.assigned.all(JSON.stringify(checkIds)) as [number, number][];
    if (pairs.length === 0) return out;
    const channels = new Map((statements.channels.all(JSON.stringify([...new Set(pairs.map((p) => p[1]))])) as Channel[]).map((c) => [c.id, c]));
    for (const [checkId, channelId] of pairs) {
      const list = out.get(checkId);
      if (list) list.push(channels.get(channelId)!);
      else out.set(checkId, [channels.get(channelId)!]);
    }
    return out;
  }
  for (let i = 0; i < checkIds.length; i += 500) {
    const rows = await db
      .selectFrom("check_channels")
      .innerJoin("channels", "channels.id", "check_channels.channel_id")
      .selectAll("channels")
      .select("check_channels.check_id as owner_id")
      .where("check_channels.check_id", "in", checkIds.slice(i, i + 500))
      .where("channels.disabled", "=", 0)
      .orderBy(sql`channels.last_notify_duration is null`)
      .orderBy("channels.last_notify_duration")
      .orderBy("channels.id")
      .execute();
    for (const { owner_id, ...channel } of rows) {
      const list = out.get(owner_id) ?? [];
      list.push(channel as Channel);
      out.set(owner_id, list);
    }
  }
  return out;
}

export async function insertNotifications(db: Db, rows: Omit<Notification, "id">[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto("notifications").values(rows.slice(i, i + 500)).execute();
}

/**
 * No older alert of the same check is still pending for the same integration: alerts reach an
 * integration in the order they happened, so a "down" being retried is never overtaken by the
 * "up" that followed it.
 */
const inTurn = (eb: ExpressionBuilder<MonitorDB, "notifications">) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom("notifications as older")
        .select("older.id")
        .whereRef("older.check_id", "=", "notifications.check_id")
        .whereRef("older.channel_id", "=", "notifications.channel_id")
        .where("older.state", "=", "pending")
        .whereRef("older.id", "<", "notifications.id"),
    ),
  );

/** Takes up to `limit` due notifications, leasing them until `leaseUntil`. */
export async function claimNotifications(db: Db, dialect: Dialect, now: number, limit: number, leaseUntil: number): Promise<Notification[]> {
  let pick = db
    .selectFrom("notifications")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .where(inTurn)
    .orderBy("id")
    .limit(limit);
  if (dialect === "postgres") pick = pick.forUpdate().skipLocked();
  return db
    .updateTable("notifications")
    .set({ claimed_until: leaseUntil, attempts: sql`attempts + 1` })
    .where("id", "in", pick)
    .returningAll()
    .execute();
}

/** Extends the leases of rows still pending (the heartbeat of the worker delivering them). */
export async function renewNotificationLeases(db: Db, ids: number[], leaseUntil: number): Promise<void> {
  await db.updateTable("notifications").set({ claimed_until: leaseUntil }).where("id", "in", ids).where("state", "=", "pending").where("claimed_until", "is not", null).execute();
}

export async function finishNotification(db: Db, id: number, changes: Partial<Pick<Notification, "state" | "next_attempt" | "sent" | "error" | "claimed_until">>): Promise<void> {
  await db.updateTable("notifications").set(changes).where("id", "=", id).execute();
}

export async function recordChannelDelivery(db: Db, channelId: number, changes: { last_error: string; last_notify: number; last_notify_duration: number; disable: boolean }): Promise<void> {
  const { disable, ...rest } = changes;
  await db
    .updateTable("channels")
    .set(disable ? { ...rest, disabled: 1 } : rest)
    .where("id", "=", channelId)
    .execute();
}

/** When the next retry falls due, so an idle worker wakes for it. */
export async function nextRetry(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom("notifications")
    .select(sql<number | null>`min(next_attempt)`.as("at"))
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .where(inTurn)
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}
