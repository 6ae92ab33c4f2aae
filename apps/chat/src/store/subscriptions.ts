import type { Insertable, Selectable, Updateable } from "kysely";
import type { ChatDb, SubscriptionTable } from "./schema.js";

export type Subscription = Selectable<SubscriptionTable>;

export function subscriptionsOfUser(db: ChatDb, userId: number): Promise<Subscription[]> {
  return db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).orderBy("stream_id").execute();
}

export function subscriptionRows(db: ChatDb, userIds: number[], streamIds: number[]): Promise<Subscription[]> {
  if (!userIds.length || !streamIds.length) return Promise.resolve([]);
  return db.selectFrom("subscriptions").selectAll().where("user_id", "in", userIds).where("stream_id", "in", streamIds).execute();
}

/** Active subscriber ids of each channel (active users only). */
export async function subscribersByStream(db: ChatDb, streamIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(streamIds.map((id) => [id, []]));
  if (!streamIds.length) return out;
  const rows = await db
    .selectFrom("subscriptions")
    .innerJoin("users", "users.id", "subscriptions.user_id")
    .select(["subscriptions.stream_id", "subscriptions.user_id"])
    .where("subscriptions.stream_id", "in", streamIds)
    .where("subscriptions.active", "=", 1)
    .where("users.is_active", "=", 1)
    .orderBy("subscriptions.user_id")
    .execute();
  for (const row of rows) out.get(row.stream_id)?.push(row.user_id);
  return out;
}

export async function insertSubscriptions(db: ChatDb, rows: Insertable<SubscriptionTable>[]): Promise<void> {
  if (rows.length) await db.insertInto("subscriptions").values(rows).execute();
}

export async function updateSubscription(db: ChatDb, id: number, changes: Updateable<SubscriptionTable>): Promise<void> {
  await db.updateTable("subscriptions").set(changes).where("id", "=", id).execute();
}

/** Channels a user is actively subscribed to. */
export async function activeSubscriptionIds(db: ChatDb, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("subscriptions").select("stream_id").where("user_id", "=", userId).where("active", "=", 1).execute();
  return new Set(rows.map((r) => r.stream_id));
}
