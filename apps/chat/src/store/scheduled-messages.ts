// Scheduled messages and reminders (one table, told apart by delivery_type), and the atomic
// claim the delivery worker takes on a due row.
import type { Insertable, Selectable, Updateable } from "kysely";
import type { ChatDb, ScheduledMessageTable } from "./schema.js";

export type ScheduledMessage = Selectable<ScheduledMessageTable>;

export const SEND_LATER = 1;
export const REMIND = 2;

export async function insertScheduledMessage(db: ChatDb, row: Insertable<ScheduledMessageTable>): Promise<ScheduledMessage> {
  return db.insertInto("scheduled_messages").values(row).returningAll().executeTakeFirstOrThrow();
}

/** One of the user's own rows of the given kind (delivered ones included, as Zulip looks them up). */
export function ownScheduledMessage(db: ChatDb, senderId: number, id: number, deliveryType: number): Promise<ScheduledMessage | undefined> {
  return db.selectFrom("scheduled_messages").selectAll().where("id", "=", id).where("sender_id", "=", senderId).where("delivery_type", "=", deliveryType).executeTakeFirst();
}

export function scheduledMessageById(db: ChatDb, id: number): Promise<ScheduledMessage | undefined> {
  return db.selectFrom("scheduled_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Undelivered rows (failed ones included: clients show them), by delivery time. */
export function undeliveredScheduledMessages(db: ChatDb, realmId: number, senderId: number, deliveryType: number): Promise<ScheduledMessage[]> {
  return db
    .selectFrom("scheduled_messages")
    .selectAll()
    .where("realm_id", "=", realmId)
    .where("sender_id", "=", senderId)
    .where("delivery_type", "=", deliveryType)
    .where("delivered", "=", 0)
    .orderBy("scheduled_timestamp")
    .orderBy("id")
    .execute();
}

/**
 * Updates an undelivered row and drops any worker's claim on it, so a delivery already under
 * way cannot commit the old version (its conditional mark finds no row and rolls back).
 */
export async function updateUndelivered(db: ChatDb, id: number, changes: Updateable<ScheduledMessageTable>): Promise<ScheduledMessage | undefined> {
  return db
    .updateTable("scheduled_messages")
    .set({ ...changes, claim_token: null, claimed_until: null })
    .where("id", "=", id)
    .where("delivered", "=", 0)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the row; a delivery under way loses its claim with it, so its send rolls back. */
export async function deleteScheduledMessage(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("scheduled_messages").where("id", "=", id).execute();
}

/** Ids of rows due at `now` that no live claim holds, oldest delivery time first. */
export async function dueScheduledIds(db: ChatDb, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("scheduled_messages")
    .select("id")
    .where("delivered", "=", 0)
    .where("failed", "=", 0)
    .where("scheduled_timestamp", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("scheduled_timestamp")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one due row for `leaseUntil`: a single conditional UPDATE … RETURNING, so of several
 * workers racing for the row (in this process or on other machines) exactly one gets it. An
 * expired claim (its worker died) can be taken over.
 */
export async function claimScheduledMessage(db: ChatDb, id: number, token: string, now: number, leaseUntil: number): Promise<ScheduledMessage | undefined> {
  return db
    .updateTable("scheduled_messages")
    .set({ claim_token: token, claimed_until: leaseUntil })
    .where("id", "=", id)
    .where("delivered", "=", 0)
    .where("failed", "=", 0)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .returningAll()
    .executeTakeFirst();
}

/** The heartbeat of the worker holding the claim `token`: extends it; false when it was lost. */
export async function renewScheduledClaim(db: ChatDb, id: number, token: string, leaseUntil: number): Promise<boolean> {
  const result = await db.updateTable("scheduled_messages").set({ claimed_until: leaseUntil }).where("id", "=", id).where("claim_token", "=", token).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the row delivered inside the send's transaction; false when the claim was lost. */
export async function markDelivered(db: ChatDb, id: number, token: string, messageId: number): Promise<boolean> {
  const result = await db
    .updateTable("scheduled_messages")
    .set({ delivered: 1, delivered_message_id: messageId, claim_token: null, claimed_until: null })
    .where("id", "=", id)
    .where("delivered", "=", 0)
    .where("claim_token", "=", token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a claimed row failed; undefined when the claim was lost (edited, deleted, taken over). */
export async function markFailed(db: ChatDb, id: number, token: string, failureMessage: string): Promise<ScheduledMessage | undefined> {
  return db
    .updateTable("scheduled_messages")
    .set({ failed: 1, failure_message: failureMessage, claim_token: null, claimed_until: null })
    .where("id", "=", id)
    .where("delivered", "=", 0)
    .where("claim_token", "=", token)
    .returningAll()
    .executeTakeFirst();
}
