// Setting a user's visibility policy for a topic (mute, unmute, follow, or back to inherit).
import type { ChatDeps } from "../deps.js";
import type { PendingEvent } from "../lib/events.js";
import { topicKey } from "../lib/topics.js";
import { setUserTopic } from "../store/user-topics.js";

export async function doSetUserTopic(deps: ChatDeps, userId: number, streamId: number, topic: string, policy: number): Promise<{ events: PendingEvent[] }> {
  const now = deps.clock.now().getTime();
  await deps.db.transaction().execute((trx) =>
    setUserTopic(trx, { user_id: userId, stream_id: streamId, topic_key: topicKey(topic), topic_name: topic, visibility_policy: policy, last_updated: now }),
  );
  const events: PendingEvent[] = [{ event: { type: "user_topic", stream_id: streamId, topic_name: topic, last_updated: Math.floor(now / 1000), visibility_policy: policy }, users: [userId] }];
  deps.notify?.(events);
  return { events };
}
