// The user's subscriptions (the sidebar's channels) and the names of every channel they can
// see (for links and headers), kept by subscription and stream events.
import { computed, signal } from "@preact/signals";
import type { Channel, Subscription } from "./types";

export const subscriptions = signal<readonly Subscription[]>([]);
const otherChannels = signal<ReadonlyMap<number, Channel>>(new Map());

let byName: Intl.Collator | undefined;
/**
 * How channel names sort. Made on first use, not as the page's scripts start: its first
 * construction loads locale data, and the page's first requests should not wait for that.
 */
export function channelCollator(): Intl.Collator {
  return (byName ??= new Intl.Collator(undefined, { sensitivity: "base" }));
}

/** Subscribed channels as the sidebar lists them: pinned first, then by name. */
export const sortedSubscriptions = computed(() => {
  const collator = channelCollator();
  return [...subscriptions.value].sort((a, b) => Number(b.pin_to_top) - Number(a.pin_to_top) || collator.compare(a.name, b.name));
});

export const subscriptionById = computed(() => new Map(subscriptions.value.map((s) => [s.stream_id, s])));

/** Every channel the user can see (subscribed or not), for search suggestions. */
export function knownChannels(): { stream_id: number; name: string }[] {
  const subscribed = subscriptionById.peek();
  return [...subscriptions.peek(), ...[...otherChannels.peek().values()].filter((c) => !subscribed.has(c.stream_id))];
}

/** Every channel the user can see, subscribed or not, by id (the channel browser's list). */
export const visibleChannels = computed<ReadonlyMap<number, Channel>>(() => {
  const all = new Map(otherChannels.value);
  for (const s of subscriptions.value) all.set(s.stream_id, { ...all.get(s.stream_id), ...s });
  return all;
});

/** peer_add / peer_remove: others joined or left; the counts follow. */
export function adjustSubscriberCount(ids: readonly number[], delta: number): void {
  const change = (c: Channel) => (typeof c.subscriber_count === "number" ? { ...c, subscriber_count: Math.max(0, c.subscriber_count + delta) } : c);
  const next = new Map(otherChannels.peek());
  for (const id of ids) if (next.has(id)) next.set(id, change(next.get(id)!));
  otherChannels.value = next;
  if (ids.some((id) => subscriptionById.peek().has(id))) subscriptions.value = subscriptions.peek().map((s) => (ids.includes(s.stream_id) ? ({ ...s, ...change(s) }) : s));
}

export function setChannels(subs: Subscription[], all: Channel[]): void {
  subscriptions.value = subs;
  otherChannels.value = new Map(all.map((c) => [c.stream_id, c]));
}

export function channelName(id: number): string | undefined {
  return subscriptionById.peek().get(id)?.name ?? otherChannels.peek().get(id)?.name;
}

export function channelByName(name: string): number | undefined {
  const wanted = name.toLowerCase();
  for (const s of subscriptions.peek()) if (s.name.toLowerCase() === wanted) return s.stream_id;
  for (const c of otherChannels.peek().values()) if (c.name.toLowerCase() === wanted) return c.stream_id;
  return undefined;
}

export function updateSubscription(id: number, change: Partial<Subscription>): void {
  subscriptions.value = subscriptions.peek().map((s) => (s.stream_id === id ? { ...s, ...change } : s));
}

export function addSubscriptions(added: Subscription[]): void {
  const ids = new Set(added.map((s) => s.stream_id));
  subscriptions.value = [...subscriptions.peek().filter((s) => !ids.has(s.stream_id)), ...added];
}

export function removeSubscriptions(ids: number[]): void {
  subscriptions.value = subscriptions.peek().filter((s) => !ids.includes(s.stream_id));
}

export function updateChannel(id: number, change: Partial<Channel>): void {
  const old = otherChannels.peek().get(id);
  if (old) {
    const next = new Map(otherChannels.peek());
    next.set(id, { ...old, ...change });
    otherChannels.value = next;
  }
  if (subscriptionById.peek().has(id)) updateSubscription(id, change as Partial<Subscription>);
}

export function addChannels(added: Channel[]): void {
  const next = new Map(otherChannels.peek());
  for (const c of added) next.set(c.stream_id, c);
  otherChannels.value = next;
}

export function removeChannels(ids: number[]): void {
  const next = new Map(otherChannels.peek());
  for (const id of ids) next.delete(id);
  otherChannels.value = next;
  removeSubscriptions(ids);
}
