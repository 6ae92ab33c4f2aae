// Whether a message notifies a recipient's phones, and why: Zulip's UserMessageNotificationsData
// (zerver/lib/notification_data.py) for push, with the recipient sets message_send.py computes
// folded into one recipient's view. Mentions beat topic settings: a personal or group mention
// notifies even in a muted topic, while channel notifications and wildcard mentions obey muting.
import { FLAG_BITS } from "./message-flags.js";

/** Zulip's NotificationTriggers values (what legacy iOS payloads phrase differently). */
export const TRIGGERS = {
  directMessage: "direct_message",
  mention: "mentioned",
  topicWildcardInFollowedTopic: "topic_wildcard_mentioned_in_followed_topic",
  channelWildcardInFollowedTopic: "stream_wildcard_mentioned_in_followed_topic",
  topicWildcard: "topic_wildcard_mentioned",
  channelWildcard: "stream_wildcard_mentioned",
  followedTopic: "followed_topic_push_notify",
  channel: "stream_push_notify",
} as const;
export type Trigger = (typeof TRIGGERS)[keyof typeof TRIGGERS];

/** The personal settings that decide push notifications, with Zulip's defaults. */
export const PUSH_SETTING_DEFAULTS = {
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_stream_push_notifications: false,
  wildcard_mentions_notify: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
};
export type PushSettings = typeof PUSH_SETTING_DEFAULTS;

export interface RecipientView {
  userId: number;
  /** user_messages flags of the message for this user */
  flags: number;
  settings: PushSettings;
  /** direct message, or channel message (with the subscription's view) */
  direct: boolean;
  /** the channel is muted for this user (channel messages) */
  channelMuted?: boolean;
  /** the subscription's own push and wildcard settings; null follows the personal setting */
  channelPush?: boolean | null;
  channelWildcard?: boolean | null;
  /** the topic's visibility policy for this user (0 inherit, 1 muted, 2 unmuted, 3 followed) */
  topicVisibility?: number;
  senderMuted: boolean;
  /** away from Zulip: no recent activity (only matters with online push notifications off) */
  idle: boolean;
}

const MUTED = 1;
const UNMUTED = 2;
const FOLLOWED = 3;

/** Zulip's user_allows_notifications_in_StreamTopic. */
function allowsInTopic(view: RecipientView, channelSetting: boolean | null | undefined, personal: boolean): boolean {
  const visibility = view.topicVisibility ?? 0;
  if (view.channelMuted && visibility !== UNMUTED) return false;
  if (visibility === MUTED) return false;
  return channelSetting ?? personal;
}

/** Why this message notifies this recipient's phones, or undefined when it does not. */
export function pushTrigger(senderId: number, view: RecipientView): Trigger | undefined {
  const { settings, flags } = view;
  if (!view.idle && !settings.enable_online_push_notifications) return undefined;
  if (view.userId === senderId || view.senderMuted) return undefined;
  if (flags & FLAG_BITS.read) return undefined;
  // "Offline" push notifications are Zulip's switch for direct messages and mentions.
  const personal = settings.enable_offline_push_notifications;
  if (view.direct) return personal ? TRIGGERS.directMessage : undefined;
  if (personal && flags & FLAG_BITS.mentioned) return TRIGGERS.mention;
  const followed = view.topicVisibility === FOLLOWED;
  const topicWildcard = (flags & FLAG_BITS.topic_wildcard_mentioned) !== 0;
  const channelWildcard = (flags & FLAG_BITS.stream_wildcard_mentioned) !== 0;
  if (personal && followed && settings.enable_followed_topic_wildcard_mentions_notify) {
    if (topicWildcard) return TRIGGERS.topicWildcardInFollowedTopic;
    if (channelWildcard) return TRIGGERS.channelWildcardInFollowedTopic;
  }
  if (personal && (topicWildcard || channelWildcard) && allowsInTopic(view, view.channelWildcard, settings.wildcard_mentions_notify)) {
    return topicWildcard ? TRIGGERS.topicWildcard : TRIGGERS.channelWildcard;
  }
  if (followed && settings.enable_followed_topic_push_notifications) return TRIGGERS.followedTopic;
  if (allowsInTopic(view, view.channelPush, settings.enable_stream_push_notifications)) return TRIGGERS.channel;
  return undefined;
}
