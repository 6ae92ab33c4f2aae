// Deleting every message of a topic the acting administrator can see (Zulip's delete_in_topic):
// newest first, in batches that each commit on their own with their delete_message event, so a
// request that runs out of time has made progress and the client repeats it ("complete": false).
// Once the topic is gone, the visibility settings users had for it are reset.
import type { ChatDeps } from "../deps.js";
import type { PendingEvent } from "../lib/events.js";
import { topicKey } from "../lib/topics.js";
import { messageAudience } from "../events/message-events.js";
import { deleteMessages } from "../store/messages.js";
import { deleteResolveNotices } from "../store/resolve-notices.js";
import type { Stream } from "../store/streams.js";
import { newestTopicMessages, usersHoldingTopic, usersWithTopicPolicy } from "../store/topic-deletion.js";
import { VISIBILITY_INHERIT } from "../store/user-topics.js";
import { canReadChannelHistory, type MessageScope } from "./message-context.js";
import { doSetUserTopic } from "./user-topics.js";
import { publish } from "./publish.js";

/** Zulip's RETENTION_STREAM_MESSAGE_BATCH_SIZE. */
export const DELETE_TOPIC_BATCH_SIZE = 100;
/** Zulip stops starting batches 50 seconds into the request. */
export const DELETE_TOPIC_TIME_LIMIT_MS = 50_000;

export interface DeleteTopicOptions {
  batchSize?: number;
  /** monotonic milliseconds; tests shorten the time limit through it */
  deadline?: number;
}

export async function doDeleteTopic(deps: ChatDeps, scope: MessageScope, stream: Stream, topic: string, options: DeleteTopicOptions = {}): Promise<{ complete: boolean }> {
  const key = topicKey(topic);
  const batchSize = options.batchSize ?? DELETE_TOPIC_BATCH_SIZE;
  const deadline = options.deadline ?? performance.now() + DELETE_TOPIC_TIME_LIMIT_MS;
  // Only messages the acting user can see: all of them where history is public to them.
  const reader = canReadChannelHistory(scope, stream) ? null : scope.user.id;
  for (;;) {
    if (performance.now() >= deadline) return { complete: false };
    const batch = await newestTopicMessages(deps.db, stream.id, key, reader, batchSize);
    if (!batch.length) break;
    const ids = batch.map((m) => m.id).sort((a, b) => a - b);
    const users = [...new Set([...(await messageAudience(deps.db, ids, stream.id)), scope.user.id])];
    const { stamp } = await deps.events.transaction(async (trx) => {
      await deleteMessages(trx, deps.dialect, ids);
      await deleteResolveNotices(trx, ids);
    });
    // One event per topic batch: the registry splits it for clients without bulk_message_deletion.
    const event = { type: "delete_message", message_ids: ids, message_type: "stream", stream_id: stream.id, topic: batch[0].topic };
    const events: PendingEvent[] = [{ event, users, stamp, realmId: stream.realm_id }];
    publish(deps, events);
  }

  let stale = await usersWithTopicPolicy(deps.db, stream.id, key);
  if (!stream.history_public_to_subscribers) {
    // With protected history, users who still hold messages of the topic keep their setting.
    const holding = await usersHoldingTopic(deps.db, stale, stream.id, key);
    stale = stale.filter((id) => !holding.has(id));
  }
  for (const userId of stale) await doSetUserTopic(deps, userId, stream.id, topic, VISIBILITY_INHERIT);
  return { complete: true };
}
