// Recent topics of channels, loaded when a channel is expanded in the sidebar or picked in the
// compose box, and kept current by new messages.
import { signal } from "@preact/signals";
import { api } from "../api/client";
import type { Topic } from "./types";

export const topicsByChannel = signal<ReadonlyMap<number, readonly Topic[]>>(new Map());
const loading = new Set<number>();

export async function loadTopics(channelId: number): Promise<void> {
  if (topicsByChannel.peek().has(channelId) || loading.has(channelId)) return;
  loading.add(channelId);
  try {
    const { topics } = await api.get<{ topics: Topic[] }>(`/users/me/${channelId}/topics`);
    const next = new Map(topicsByChannel.peek());
    next.set(channelId, topics);
    topicsByChannel.value = next;
    performance.mark("beacon:topics-loaded");
  } catch {
    // the sidebar shows the unread topics it knows; a later expand tries again
  } finally {
    loading.delete(channelId);
  }
}

export function noteTopic(channelId: number, name: string, messageId: number): void {
  const list = topicsByChannel.peek().get(channelId);
  if (!list) return;
  const rest = list.filter((t) => t.name.toLowerCase() !== name.toLowerCase());
  const next = new Map(topicsByChannel.peek());
  next.set(channelId, [{ name, max_id: messageId }, ...rest]);
  topicsByChannel.value = next;
}

export function forgetTopics(): void {
  topicsByChannel.value = new Map();
}
