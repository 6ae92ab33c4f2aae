// The push worker's tables: its cursor in the message stream (claimed with a lease, so one
// worker scans at a time however many processes run), what each user was notified of, and
// the outbox of notifications still to deliver. Claims are single statements (UPDATE …
// WHERE id IN (… FOR UPDATE SKIP LOCKED on PostgreSQL) RETURNING): no row goes out twice.
import { sql, type Insertable, type Selectable } from "kysely";
import type { ChatDb, Dialect } from "./schema.js";
import { claimDue } from "./outbox-claims.js";
import type { PushOutboxTable } from "./schema.js";
import { FLAG_BITS } from "../lib/message-flags.js";

export type PushOutboxRow = Selectable<PushOutboxTable>;

const CURSOR = 1;

/** Takes the cursor until `until` (creating it at the newest message); undefined while another worker holds it. */
export async function claimCursor(db: ChatDb, now: number, until: number, token: string): Promise<number | undefined> {
  const take = () =>
    db
      .updateTable("push_cursor")
      .set({ claimed_until: until, claim_token: token })
      .where("id", "=", CURSOR)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
      .returning("last_message_id")
      .executeTakeFirst();
  let row = await take();
  if (!row && !(await db.selectFrom("push_cursor").select("id").where("id", "=", CURSOR).executeTakeFirst())) {
    // The first scan starts at the newest message: what was sent before is not news.
    const newest = await db.selectFrom("messages").select(sql<number | null>`max(id)`.as("id")).executeTakeFirst();
    await db.insertInto("push_cursor").values({ id: CURSOR, last_message_id: Number(newest?.id ?? 0), claimed_until: null, claim_token: null }).onConflict((oc) => oc.column("id").doNothing()).execute();
    row = await take();
  }
  return row ? Number(row.last_message_id) : undefined;
}

/** Moves the cursor (only while `token` still holds it); false when the lease was lost. */
export async function advanceCursor(db: ChatDb, token: string, lastMessageId: number, release: boolean): Promise<boolean> {
  const changes = release ? { last_message_id: lastMessageId, claimed_until: null, claim_token: null } : { last_message_id: lastMessageId };
  const result = await db.updateTable("push_cursor").set(changes).where("id", "=", CURSOR).where("claim_token", "=", token).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Extends the cursor's lease (only while `token` still holds it); false when it was lost. */
export async function renewCursor(db: ChatDb, token: string, until: number): Promise<boolean> {
  const result = await db.updateTable("push_cursor").set({ claimed_until: until }).where("id", "=", CURSOR).where("claim_token", "=", token).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface ScannedMessage {
  id: number;
  realm_id: number;
  sender_id: number;
  stream_id: number | null;
  topic_key: string;
  date_sent: number;
}

/** Messages after `afterId`, oldest first, sent no later than `sentBy`. */
export function messagesAfter(db: ChatDb, afterId: number, sentBy: number, limit: number): Promise<ScannedMessage[]> {
  return db
    .selectFrom("messages")
    .select(["id", "realm_id", "sender_id", "stream_id", "topic_key", "date_sent"])
    .where("id", ">", afterId)
    .where("date_sent", "<=", sentBy)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The rendered HTML of one message (read only when a group mention needs resolving). */
export async function renderedContent(db: ChatDb, messageId: number): Promise<string> {
  const row = await db.selectFrom("messages").select("rendered_content").where("id", "=", messageId).executeTakeFirst();
  return row?.rendered_content ?? "";
}

/** Users with somewhere to push to: an E2EE device registered with the bouncer, or a legacy token. */
const pushableUsers = (db: ChatDb) =>
  db
    .selectFrom("push_devices")
    .select("user_id")
    .where("push_token_id", "is not", null)
    .union(db.selectFrom("push_device_tokens").select("user_id"));

/** Unread rows of these messages for users who can be pushed to. */
export function unreadForPushable(db: ChatDb, messageIds: number[]): Promise<{ user_id: number; message_id: number; flags: number }[]> {
  if (!messageIds.length) return Promise.resolve([]);
  return db
    .selectFrom("user_messages")
    .select(["user_id", "message_id", "flags"])
    .where("message_id", "in", messageIds)
    .where(sql`flags & ${sql.lit(FLAG_BITS.read)}`, "=", 0)
    .where("user_id", "in", pushableUsers(db))
    .execute();
}

export async function recordNotified(db: ChatDb, rows: { user_id: number; message_id: number; realm_id: number; date_created: number }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto("push_notified").values(rows.slice(i, i + 500)).onConflict((oc) => oc.columns(["user_id", "message_id"]).doNothing()).execute();
}

export async function insertOutbox(db: ChatDb, rows: Insertable<PushOutboxTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto("push_outbox").values(rows.slice(i, i + 200)).execute();
}

/** Notified messages the user has since read, or that are gone (deleted, or moved out of reach). */
export function staleNotified(db: ChatDb, limit: number): Promise<{ user_id: number; message_id: number; realm_id: number }[]> {
  return db
    .selectFrom("push_notified as pn")
    .leftJoin("user_messages as um", (join) => join.onRef("um.user_id", "=", "pn.user_id").onRef("um.message_id", "=", "pn.message_id"))
    .select(["pn.user_id", "pn.message_id", "pn.realm_id"])
    .where((eb) => eb.or([eb("um.user_id", "is", null), eb(sql`um.flags & ${sql.lit(FLAG_BITS.read)}`, "<>", 0)]))
    .orderBy("pn.user_id")
    .orderBy("pn.message_id")
    .limit(limit)
    .execute();
}

/** Forgets these notified messages of one user; returns those this call removed. */
export async function forgetNotified(db: ChatDb, userId: number, messageIds: number[]): Promise<number[]> {
  if (!messageIds.length) return [];
  const rows = await db.deleteFrom("push_notified").where("user_id", "=", userId).where("message_id", "in", messageIds).returning("message_id").execute();
  return rows.map((r) => r.message_id);
}

/** Takes up to `limit` due outbox rows, leasing them until `until`. */
export function claimOutbox(db: ChatDb, dialect: Dialect, now: number, limit: number, until: number): Promise<PushOutboxRow[]> {
  return claimDue(db, dialect, "push_outbox", now, limit, until, { countAttempts: true });
}

export async function deleteOutbox(db: ChatDb, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) await db.deleteFrom("push_outbox").where("id", "in", ids.slice(i, i + 500)).execute();
}

export async function retryOutbox(db: ChatDb, ids: number[], nextAttempt: number, error: string): Promise<void> {
  if (ids.length) await db.updateTable("push_outbox").set({ next_attempt: nextAttempt, claimed_until: null, last_error: error }).where("id", "in", ids).execute();
}

/** When the next row falls due, so an idle worker can sleep until then. */
export async function nextDue(db: ChatDb): Promise<number | undefined> {
  const row = await db.selectFrom("push_outbox").select(sql<number | null>`min(next_attempt)`.as("at")).executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}
