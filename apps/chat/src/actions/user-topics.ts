// Setting a user's visibility policy for a topic (mute, unmute, follow, or back to inherit).
import type { ChatDeps } from "../deps.js";
import type { PendingEvent } from "../lib/events.js";
import { topicKey } from "../lib/topics.js";
import { setUserTopic } from "../store/user-topics.js";
import { mutedTopicsEvent } from "../events/message-events.js";
import { publish } from "./publish.js";

export async function doSetUserTopic(deps: ChatDeps, userId: number, streamId: number, topic: string, policy: number): Promise<{ events: PendingEvent[] }> {
  const now = deps.clock.now().getTime();
  const { stamp } = await deps.events.transaction((trx) =>
    setUserTopic(trx, { user_id: userId, stream_id: streamId, topic_key: topicKey(topic), topic_name: topic, visibility_policy: policy, last_updated: now }),
  );
  // compat: the deprecated muted_topics list goes first, for clients not asking for user_topic.
  const events: PendingEvent[] = [
    { event: await mutedTopicsEvent(deps.db, userId), users: [userId], stamp },
    { event: { type: "user_topic", stream_id: streamId, topic_name: topic, last_updated: Math.floor(now / 1000), visibility_policy: policy }, users: [userId], stamp },
  ];
  publish(deps, events);
  return { events };
}
