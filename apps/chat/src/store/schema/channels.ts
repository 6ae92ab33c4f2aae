// Table types: Channels (streams): subscriptions, default channels and their groups, folders,
// incoming e-mail addresses.
import type { Generated } from "kysely";
import type { Flag } from "./flag.js";

export const STREAM_GROUP_SETTINGS = [
  "can_add_subscribers_group",
  "can_administer_channel_group",
  "can_create_topic_group",
  "can_delete_any_message_group",
  "can_delete_own_message_group",
  "can_move_messages_out_of_channel_group",
  "can_move_messages_within_channel_group",
  "can_remove_subscribers_group",
  "can_resolve_topics_group",
  "can_send_message_group",
  "can_subscribe_group",
] as const;

export type StreamGroupSetting = (typeof STREAM_GROUP_SETTINGS)[number];

export type StreamTable = {
  id: Generated<number>;
  realm_id: number;
  name: string;
  name_key: string;
  description: string;
  rendered_description: string;
  invite_only: Flag;
  is_web_public: Flag;
  history_public_to_subscribers: Flag;
  message_retention_days: number | null;
  date_created: number;
  creator_id: number | null;
  deactivated: Flag;
  topics_policy: string;
  folder_id: number | null;
  first_message_id: number | null;
} & Record<StreamGroupSetting, number>;

export interface SubscriptionTable {
  id: Generated<number>;
  user_id: number;
  stream_id: number;
  active: Flag;
  color: string;
  is_muted: Flag;
  pin_to_top: Flag;
  desktop_notifications: Flag | null;
  audible_notifications: Flag | null;
  push_notifications: Flag | null;
  email_notifications: Flag | null;
  wildcard_mentions_notify: Flag | null;
}

export interface DefaultStreamTable {
  realm_id: number;
  stream_id: number;
}

export interface DefaultStreamGroupTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  description: string;
}

export interface DefaultStreamGroupStreamTable {
  group_id: number;
  stream_id: number;
}

export interface ChannelFolderTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  description: string;
  rendered_description: string;
  order: number;
  date_created: number;
  creator_id: number | null;
  is_archived: number;
}

/** A channel's incoming e-mail token for one creator and sender (migration 015). */
export interface ChannelEmailAddressTable {
  id: Generated<number>;
  realm_id: number;
  stream_id: number;
  creator_id: number;
  sender_id: number;
  /** 32 hex characters, the part of the address that authorizes posting */
  email_token: string;
  date_created: number;
}

export interface ChannelsTables {
  streams: StreamTable;
  subscriptions: SubscriptionTable;
  default_streams: DefaultStreamTable;
  default_stream_groups: DefaultStreamGroupTable;
  default_stream_group_streams: DefaultStreamGroupStreamTable;
  channel_folders: ChannelFolderTable;
  channel_email_addresses: ChannelEmailAddressTable;
}
