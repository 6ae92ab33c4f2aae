// Subscribing and unsubscribing, and personal subscription settings. A subscription row
// survives unsubscription (inactive), so the user's colour and settings come back if they rejoin.
import type { Updateable } from "kysely";
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import type { SubscriptionTable } from "../store/schema.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { defaultStreamIds, streamByName } from "../store/streams.js";
import { subscriptionRows, updateSubscription } from "../store/subscriptions.js";
import { defaultStreamsEvent, subscribeEvents, subscriptionRemoveEvents } from "../events/channel-events.js";
import { loadRealmView } from "../events/realm-view.js";
import { insertChannel, type NewChannel } from "./channels.js";
import { doMarkRead } from "./message-flags.js";
import { lockRealmNames } from "./realm-locks.js";
import { subscribeUsers, unsubscribeUsers } from "./subscription-writes.js";

/**
 * POST /users/me/subscriptions: creates the channels that do not exist yet, subscribes the
 * users to every channel, and publishes stream/create, subscription/add and peer_add.
 */
export async function subscribeAndNotify(deps: ChatDeps, realmId: number, graph: GroupGraph, toCreate: NewChannel[], streamIds: number[], userIds: number[]): Promise<{ created: { id: number; name: string }[]; joined: { id: number; name: string }[]; added: { userId: number; streamId: number }[] }> {
  const before = await loadRealmView(deps.db, realmId);
  const { value, stamp } = await deps.events.transaction(async (trx) => {
    const created: { id: number; name: string }[] = [];
    const madeMeanwhile: { id: number; name: string }[] = [];
    if (toCreate.length) await lockRealmNames(trx, deps.dialect, realmId, "channels");
    for (const input of toCreate) {
      // compat: as Zulip's create_stream_if_needed, a channel another request created since the
      // route looked is subscribed to, not created again (nor a unique-key violation).
      const existing = await streamByName(trx, realmId, input.name);
      if (existing) madeMeanwhile.push({ id: existing.id, name: existing.name });
      else created.push({ id: (await insertChannel(trx, graph, input)).id, name: input.name });
    }
    const added = await subscribeUsers(trx, userIds, [...streamIds, ...madeMeanwhile.map((c) => c.id), ...created.map((c) => c.id)]);
    return { created, added, madeMeanwhile };
  });
  const after = await loadRealmView(deps.db, realmId);
  const subs = await subscriptionRows(deps.db, userIds, [...streamIds, ...value.madeMeanwhile.map((c) => c.id), ...value.created.map((c) => c.id)]);
  const newStreams = value.created.map((c) => after.streams.get(c.id)!);
  const events = subscribeEvents(before, after, newStreams, value.added, subs);
  if (toCreate.some((c) => c.isDefault)) events.push(defaultStreamsEvent(after, await defaultStreamIds(deps.db, realmId)));
  publish(deps, events, { realmId, stamp });
  return { created: value.created, joined: value.madeMeanwhile, added: value.added };
}

/**
 * DELETE /users/me/subscriptions: unsubscribes and publishes subscription/remove and
 * peer_remove; then each user's unread messages in each channel they left are marked read, one
 * update_message_flags per channel with anything unread (Zulip's deferred
 * mark_stream_messages_as_read), so no unread count is left behind for a channel they no
 * longer follow.
 */
export async function unsubscribeAndNotify(deps: ChatDeps, realmId: number, userIds: number[], streamIds: number[]): Promise<{ userId: number; streamId: number }[]> {
  const { value: removed, stamp } = await deps.events.transaction((trx) => unsubscribeUsers(trx, userIds, streamIds));
  if (removed.length) publish(deps, subscriptionRemoveEvents(await loadRealmView(deps.db, realmId), removed), { realmId, stamp });
  for (const { userId, streamId } of removed) await doMarkRead(deps, userId, { streamId });
  return removed;
}

export interface PropertyChange {
  subscriptionId: number;
  streamId: number;
  /** the property as the client named it */
  property: string;
  columns: Updateable<SubscriptionTable>;
}

/**
 * Personal subscription settings (do_change_subscription_property): one subscription/update
 * per change; muting also sends the deprecated in_home_view form first.
 */
export async function setSubscriptionProperties(deps: ChatDeps, realmId: number, userId: number, changes: PropertyChange[]): Promise<void> {
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const change of changes) await updateSubscription(trx, change.subscriptionId, change.columns);
  });
  const events: { event: Record<string, unknown>; users: number[] }[] = [];
  const update = (streamId: number, property: string, value: unknown) => events.push({ event: { type: "subscription", op: "update", property, value, stream_id: streamId }, users: [userId] });
  for (const { streamId, columns } of changes) {
    for (const [column, stored] of Object.entries(columns)) {
      if (column === "is_muted") {
        // compat: "This first in_home_view event is deprecated" (kept for older clients).
        update(streamId, "in_home_view", !stored);
        update(streamId, "is_muted", Boolean(stored));
      } else {
        update(streamId, column, column === "color" ? stored : stored === null ? null : Boolean(stored));
      }
    }
  }
  publish(deps, events, { realmId, stamp });
}
