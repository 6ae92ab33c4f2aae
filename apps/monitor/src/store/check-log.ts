// What a check's log shows besides its pings and flips: the alerts sent for it, with the
// integration each went to (a removed integration takes its rows with it).
import type { Db } from "../deps.js";
import type { Channel, Notification } from "./schema.js";

export interface LoggedNotification {
  notification: Notification;
  channel: Channel;
}

export interface TimeWindow {
  start?: number; // ms, inclusive
  end?: number; // ms, exclusive
}

export async function listCheckNotifications(db: Db, checkId: number, window: TimeWindow, limit: number): Promise<LoggedNotification[]> {
  let query = db
    .selectFrom("notifications")
    .innerJoin("channels", "channels.id", "notifications.channel_id")
    .selectAll("notifications")
    .select(["channels.uuid as channel_uuid", "channels.project_id", "channels.kind", "channels.name", "channels.value", "channels.disabled", "channels.email_verified", "channels.last_error", "channels.created as channel_created", "channels.last_notify", "channels.last_notify_duration"])
    .where("notifications.check_id", "=", checkId);
  if (window.start !== undefined) query = query.where("notifications.created", ">=", window.start);
  if (window.end !== undefined) query = query.where("notifications.created", "<", window.end);
  const rows = await query.orderBy("notifications.created", "desc").orderBy("notifications.id", "desc").limit(limit).execute();
  return rows.map((r) => ({
    notification: { id: r.id, uuid: r.uuid, check_id: r.check_id, channel_id: r.channel_id, flip_id: r.flip_id, check_status: r.check_status, old_status: r.old_status, reason: r.reason, flip_created: r.flip_created, created: r.created, state: r.state, attempts: r.attempts, next_attempt: r.next_attempt, claimed_until: r.claimed_until, sent: r.sent, error: r.error },
    channel: { id: r.channel_id, uuid: r.channel_uuid, project_id: r.project_id, kind: r.kind, name: r.name, value: r.value, disabled: r.disabled, email_verified: r.email_verified, last_error: r.last_error, created: r.channel_created, last_notify: r.last_notify, last_notify_duration: r.last_notify_duration },
  }));
}

/** A check's pings in a window, newest first, at most `limit`. */
export async function listCheckPings(db: Db, checkId: number, window: TimeWindow, limit: number) {
  let query = db.selectFrom("pings").selectAll().where("check_id", "=", checkId);
  if (window.start !== undefined) query = query.where("created", ">=", window.start);
  if (window.end !== undefined) query = query.where("created", "<", window.end);
  return query.orderBy("id", "desc").limit(limit).execute();
}

/** The numbers of the kept pings just before and just after ping `n`. */
export async function neighbourPings(db: Db, checkId: number, n: number): Promise<{ previous: number | null; next: number | null }> {
  const before = await db.selectFrom("pings").select("n").where("check_id", "=", checkId).where("n", "<", n).orderBy("n", "desc").limit(1).executeTakeFirst();
  const after = await db.selectFrom("pings").select("n").where("check_id", "=", checkId).where("n", ">", n).orderBy("n").limit(1).executeTakeFirst();
  return { previous: before?.n ?? null, next: after?.n ?? null };
}
