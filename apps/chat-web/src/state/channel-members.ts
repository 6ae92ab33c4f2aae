// Each channel's subscribers as the people column shows them ("In this channel"): fetched
// (GET /json/streams/{id}/members) when a channel's view first shows the list, then kept by
// the subscription events (peer_add, peer_remove, and our own add and remove), as Zulip's
// peer_data.ts keeps its subscriber sets.
import { signal } from "@preact/signals";
import { api } from "../api/client";

export const channelMembers = signal<ReadonlyMap<number, ReadonlySet<number>>>(new Map());
const asked = new Set<number>();

/** Fetches a channel's subscribers once (again after a failure). */
export function loadChannelMembers(channelId: number): void {
  if (asked.has(channelId)) return;
  asked.add(channelId);
  void api
    .get<{ subscribers: number[] }>(`/streams/${channelId}/members`)
    .then(({ subscribers }) => {
      const next = new Map(channelMembers.peek());
      next.set(channelId, new Set(subscribers));
      channelMembers.value = next;
    })
    .catch(() => asked.delete(channelId));
}

/** People joined (or left) channels; channels whose list is not loaded are left to their fetch. */
export function changeChannelMembers(channelIds: readonly number[], userIds: readonly number[], joined: boolean): void {
  const all = channelMembers.peek();
  if (!channelIds.some((id) => all.has(id))) return;
  const next = new Map(all);
  for (const id of channelIds) {
    const members = all.get(id);
    if (!members) continue;
    const changed = new Set(members);
    for (const user of userIds) {
      if (joined) changed.add(user);
      else changed.delete(user);
    }
    next.set(id, changed);
  }
  channelMembers.value = next;
}

/** Archived channels: their lists are dropped. */
export function forgetChannelMembers(channelIds: readonly number[]): void {
  const next = new Map(channelMembers.peek());
  for (const id of channelIds) {
    next.delete(id);
    asked.delete(id);
  }
  channelMembers.value = next;
}
