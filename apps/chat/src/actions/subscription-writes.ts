// The writes of subscribing and unsubscribing, inside a caller's transaction: channel creation
// (channels.ts), subscribing (subscriptions.ts) and new users (users.ts) share them.
import type { ChatDb } from "../store/schema.js";
import { pickColor } from "../lib/colors.js";
import { insertSubscriptions, subscriptionRows, subscriptionsOfUser, updateSubscription } from "../store/subscriptions.js";

/** Subscribes each user to each channel; returns the pairs that were newly subscribed. */
export async function subscribeUsers(db: ChatDb, userIds: number[], streamIds: number[]): Promise<{ userId: number; streamId: number }[]> {
  const existing = await subscriptionRows(db, userIds, streamIds);
  const added: { userId: number; streamId: number }[] = [];
  for (const userId of userIds) {
    const used = (await subscriptionsOfUser(db, userId)).map((s) => s.color);
    for (const streamId of streamIds) {
      const row = existing.find((s) => s.user_id === userId && s.stream_id === streamId);
      if (row?.active) continue;
      if (row) {
        await updateSubscription(db, row.id, { active: 1 });
      } else {
        const color = pickColor(used);
        used.push(color);
        await insertSubscriptions(db, [{ user_id: userId, stream_id: streamId, active: 1, color, is_muted: 0, pin_to_top: 0 }]);
      }
      added.push({ userId, streamId });
    }
  }
  return added;
}

/** Unsubscribes; returns the pairs that were actually active. */
export async function unsubscribeUsers(db: ChatDb, userIds: number[], streamIds: number[]): Promise<{ userId: number; streamId: number }[]> {
  const removed: { userId: number; streamId: number }[] = [];
  for (const row of await subscriptionRows(db, userIds, streamIds)) {
    if (!row.active) continue;
    await updateSubscription(db, row.id, { active: 0 });
    removed.push({ userId: row.user_id, streamId: row.stream_id });
  }
  return removed;
}
