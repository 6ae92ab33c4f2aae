// Muted users and each topic's visibility policy (muted, unmuted, followed), from /register's
// muted_users and user_topics and their events. Notifications read them (ui/notify/).
import { signal } from "@preact/signals";

/** Zulip's user_topic visibility_policy values. */
export const TOPIC_POLICY = { none: 0, muted: 1, unmuted: 2, followed: 3 } as const;

export const mutedUsers = signal<ReadonlySet<number>>(new Set());
const topicPolicies = signal<ReadonlyMap<string, number>>(new Map());

const key = (channelId: number, topic: string) => `${channelId}\u0000${topic.toLowerCase()}`;

export function setMutedUsers(list: { id: number }[] | undefined): void {
  mutedUsers.value = new Set((list ?? []).map((m) => m.id));
}

export function setUserTopics(list: { stream_id: number; topic_name: string; visibility_policy: number }[] | undefined): void {
  topicPolicies.value = new Map((list ?? []).map((t) => [key(t.stream_id, t.topic_name), t.visibility_policy]));
}

/** A user_topic event: one topic's policy (0 removes it). */
export function setTopicPolicy(channelId: number, topic: string, policy: number): void {
  const next = new Map(topicPolicies.peek());
  if (policy === TOPIC_POLICY.none) next.delete(key(channelId, topic));
  else next.set(key(channelId, topic), policy);
  topicPolicies.value = next;
}

export function topicPolicy(channelId: number, topic: string): number {
  return topicPolicies.peek().get(key(channelId, topic)) ?? TOPIC_POLICY.none;
}
