// Recent topics of channels, loaded when a channel is expanded in the sidebar or picked in the
// compose box, and kept current by new messages and by moves (a renamed topic leaves its old
// name at once: the sidebar lists these).
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

export interface TopicMove {
  fromChannel: number;
  fromTopic: string;
  toChannel: number;
  toTopic: string;
  /** the moved messages' ids */
  ids: readonly number[];
  /** change_all moves the whole topic: its old name is gone */
  whole: boolean;
}

/**
 * Messages moved to another topic or channel (update_message): the new topic is listed with the
 * newest moved id; the old one goes when the whole topic moved (a part moved leaves the rest).
 */
export function moveTopic(move: TopicMove): void {
  const all = topicsByChannel.peek();
  const source = all.get(move.fromChannel);
  const target = all.get(move.toChannel);
  if (!source && !target) return;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const next = new Map(all);
  const newest = Math.max(...move.ids);
  let oldMax = 0;
  if (source) {
    oldMax = source.find((t) => same(t.name, move.fromTopic))?.max_id ?? 0;
    if (move.whole) next.set(move.fromChannel, source.filter((t) => !same(t.name, move.fromTopic)));
  }
  const into = next.get(move.toChannel);
  if (into) {
    const existing = into.find((t) => same(t.name, move.toTopic));
    // A whole topic keeps its place by its newest message, which may not be among the loaded ids.
    const maxId = Math.max(existing?.max_id ?? 0, newest, move.whole ? oldMax : 0);
    const rest = into.filter((t) => !same(t.name, move.toTopic));
    next.set(move.toChannel, [...rest, { name: move.toTopic, max_id: maxId }].sort((a, b) => b.max_id - a.max_id));
  }
  topicsByChannel.value = next;
}

export function forgetTopics(): void {
  topicsByChannel.value = new Map();
}
