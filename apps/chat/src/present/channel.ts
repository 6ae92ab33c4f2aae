// Channels as BasicChannel and Subscription objects.
import { presentGroupSetting } from "./group-setting.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { STREAM_GROUP_SETTINGS } from "../store/schema.js";
import type { Stream } from "../store/streams.js";
import type { Subscription } from "../store/subscriptions.js";
import { unixSeconds } from "./time.js";

export function presentChannel(stream: Stream, graph: GroupGraph, subscriberCount: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    stream_id: stream.id,
    name: stream.name,
    is_archived: Boolean(stream.deactivated),
    description: stream.description,
    rendered_description: stream.rendered_description,
    date_created: unixSeconds(stream.date_created),
    creator_id: stream.creator_id,
    invite_only: Boolean(stream.invite_only),
    is_web_public: Boolean(stream.is_web_public),
    // compat: deprecated fields still sent; 1 means "any member may post".
    stream_post_policy: 1,
    is_announcement_only: false,
    message_retention_days: stream.message_retention_days,
    default_push_notifications: false,
    history_public_to_subscribers: Boolean(stream.history_public_to_subscribers),
    topics_policy: stream.topics_policy,
    first_message_id: stream.first_message_id,
    folder_id: stream.folder_id,
    is_recently_active: true,
    stream_weekly_traffic: null,
    subscriber_count: subscriberCount,
  };
  for (const setting of STREAM_GROUP_SETTINGS) out[setting] = presentGroupSetting(graph, stream[setting]);
  return out;
}

const nullableFlag = (v: number | null) => (v === null ? null : Boolean(v));

export function presentSubscription(stream: Stream, sub: Subscription, graph: GroupGraph, subscribers: number[], includeSubscribers: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...presentChannel(stream, graph, subscribers.length),
    color: sub.color,
    is_muted: Boolean(sub.is_muted),
    in_home_view: !sub.is_muted,
    pin_to_top: Boolean(sub.pin_to_top),
    desktop_notifications: nullableFlag(sub.desktop_notifications),
    audible_notifications: nullableFlag(sub.audible_notifications),
    push_notifications: nullableFlag(sub.push_notifications),
    email_notifications: nullableFlag(sub.email_notifications),
    wildcard_mentions_notify: nullableFlag(sub.wildcard_mentions_notify),
  };
  if (includeSubscribers) out.subscribers = subscribers;
  return out;
}
