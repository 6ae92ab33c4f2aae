// The message retention policy (Zulip's zerver/lib/retention.py, archive_messages): messages
// older than their policy allows are deleted. A channel's own policy wins over the realm's
// (null inherits it, -1 keeps forever); direct messages follow the realm's. Each batch commits
// on its own, so a run cut short has made progress and the next run goes on, and sends
// delete_message to those who could see the messages (Zulip does since feature level 452):
// one event per channel topic or direct conversation of the batch.
import type { ChatDeps } from "../deps.js";
import type { PendingEvent } from "../lib/events.js";
import { topicKey } from "../lib/topics.js";
import { messageAudience } from "../events/message-events.js";
import { deleteMessages } from "../store/messages.js";
import { deleteResolveNotices } from "../store/resolve-notices.js";
import { expiredChannelMessages, expiredDirectMessages, retentionPolicies, type ExpiredMessage } from "../store/retention.js";
import { publish } from "./publish.js";

/** Zulip's MESSAGE_BATCH_SIZE for archiving. */
export const RETENTION_BATCH_SIZE = 1000;
const DAY_MS = 86_400_000;

/** -1 and null both mean forever at the realm level (the API shows null as -1). */
const keptForever = (days: number | null): days is null => days === null || days < 0;

/** Deletes every message past its policy; returns how many were deleted. */
export async function applyRetentionPolicies(deps: ChatDeps, batchSize = RETENTION_BATCH_SIZE): Promise<number> {
  const now = deps.clock.now().getTime();
  let deleted = 0;
  const drain = async (realmId: number, streamId: number | null, next: () => Promise<ExpiredMessage[]>) => {
    for (;;) {
      const batch = await next();
      if (!batch.length) return;
      deleted += batch.length;
      await deleteBatch(deps, realmId, streamId, batch);
      if (batch.length < batchSize) return;
    }
  };
  for (const realm of await retentionPolicies(deps.db)) {
    for (const channel of realm.channels) {
      const days = channel.days === null ? realm.realmDays : channel.days;
      if (keptForever(days)) continue;
      const before = now - days * DAY_MS;
      await drain(realm.realmId, channel.id, () => expiredChannelMessages(deps.db, channel.id, before, batchSize));
    }
    const days = realm.realmDays;
    if (keptForever(days)) continue;
    const before = now - days * DAY_MS;
    await drain(realm.realmId, null, () => expiredDirectMessages(deps.db, realm.realmId, before, batchSize));
  }
  return deleted;
}

/** One batch of one channel (or of a realm's direct messages), and its events. */
async function deleteBatch(deps: ChatDeps, realmId: number, streamId: number | null, batch: ExpiredMessage[]): Promise<void> {
  const groups = new Map<string, ExpiredMessage[]>();
  for (const m of batch) {
    const key = streamId === null ? String(m.recipient_id) : topicKey(m.topic);
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  // Audiences are read before the rows that name them go.
  const audiences = new Map<string, number[]>();
  for (const [key, group] of groups) audiences.set(key, await messageAudience(deps.db, group.map((m) => m.id), streamId));
  const ids = batch.map((m) => m.id);
  const { stamp } = await deps.events.transaction(async (trx) => {
    await deleteMessages(trx, deps.dialect, ids);
    await deleteResolveNotices(trx, ids);
  });
  const events: PendingEvent[] = [];
  for (const [key, group] of groups) {
    const event: Record<string, unknown> = { type: "delete_message", message_ids: group.map((m) => m.id).sort((a, b) => a - b) };
    Object.assign(event, streamId === null ? { message_type: "private" } : { message_type: "stream", stream_id: streamId, topic: group[0]!.topic });
    events.push({ event, users: audiences.get(key)!, stamp, realmId });
  }
  publish(deps, events);
}
