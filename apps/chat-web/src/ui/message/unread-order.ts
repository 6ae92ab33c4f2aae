// Where `n` and `p` go (Zulip's next unread topic and next unread direct conversation), as pure
// functions of the unread counts and the sidebar's order, unit-tested under node.
import type { Narrow } from "../../narrow/narrow";
import type { Conversation } from "../../state/dms";
import type { Subscription, Topic } from "../../state/types";
import { topicKey, type UnreadCounts } from "../../state/unreads";

/** The unread topics of a channel in Zulip's order: the most recent first where known, then by name. */
function unreadTopics(channelId: number, counts: UnreadCounts, recent: readonly Topic[] | undefined): string[] {
  const names = [...(counts.topicNames.get(channelId)?.values() ?? [])].filter((t) => (counts.topics.get(topicKey(channelId, t)) ?? 0) > 0);
  const rank = new Map((recent ?? []).map((t, i) => [t.name.toLowerCase(), i]));
  return names.sort((a, b) => (rank.get(a.toLowerCase()) ?? Infinity) - (rank.get(b.toLowerCase()) ?? Infinity) || a.localeCompare(b));
}

/**
 * The next topic with unread messages after the one on screen: later topics of this channel,
 * then the next channels in the sidebar's order (muted ones skipped), around to the start.
 */
export function nextUnreadTopic(current: Narrow, channels: readonly Subscription[], counts: UnreadCounts, recentTopics: (channelId: number) => readonly Topic[] | undefined): Narrow | undefined {
  if (!channels.length) return undefined;
  const start = Math.max(0, channels.findIndex((c) => c.stream_id === current.channelId));
  for (let step = 0; step <= channels.length; step++) {
    const channel = channels[(start + step) % channels.length]!;
    const here = channel.stream_id === current.channelId;
    if (channel.is_muted && !here) continue;
    let topics = unreadTopics(channel.stream_id, counts, recentTopics(channel.stream_id));
    if (here && current.topic !== undefined) {
      const at = topics.findIndex((t) => t.toLowerCase() === current.topic!.toLowerCase());
      // On the first pass, the topics after the current one; on coming round again, those before it.
      topics = step === 0 ? topics.slice(at + 1) : topics.slice(0, Math.max(at, 0));
    } else if (here && step > 0) continue;
    if (topics.length) return { channelId: channel.stream_id, topic: topics[0]! };
  }
  return undefined;
}

/** The next direct conversation with unread messages after the one on screen, the most recent first. */
export function nextUnreadDm(current: Narrow, conversations: readonly Conversation[], counts: UnreadCounts): Narrow | undefined {
  const keys = conversations.map((c) => c.peers.join(","));
  for (const key of counts.dms.keys()) if (!keys.includes(key)) keys.push(key);
  const unread = keys.filter((k) => (counts.dms.get(k) ?? 0) > 0);
  if (!unread.length) return undefined;
  const here = current.dm ? current.dm.join(",") : null;
  const at = here === null ? -1 : keys.indexOf(here);
  const after = unread.find((k) => keys.indexOf(k) > at) ?? unread.find((k) => k !== here);
  if (after === undefined) return undefined;
  return { dm: after === "" ? [] : after.split(",").map(Number) };
}
