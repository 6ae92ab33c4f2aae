// Table types for Kysely. Timestamps are epoch milliseconds; booleans are 0/1 integers so
// every query runs unchanged on SQLite and PostgreSQL.
import type { Generated, Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export type Flag = 0 | 1;

export interface RealmTable {
  id: Generated<number>;
  string_id: string;
  name: string;
  description: string;
  date_created: number;
  deactivated: Flag;
  org_type: number;
  invite_required: Flag;
  waiting_period_threshold: number;
  message_retention_days: number | null;
}

/** Realm-level permission settings (`can_create_public_channel_group` …) pointing at groups. */
export interface RealmGroupSettingTable {
  realm_id: number;
  name: string;
  group_id: number;
}

export interface UserTable {
  id: Generated<number>;
  realm_id: number;
  email: string;
  delivery_email: string;
  /** lower-cased delivery email, unique per realm */
  email_key: string;
  full_name: string;
  role: number;
  is_active: Flag;
  is_bot: Flag;
  bot_type: number | null;
  bot_owner_id: number | null;
  date_joined: number;
  password_hash: string | null;
  timezone: string;
  avatar_version: number;
  /** 'G' Gravatar, 'U' uploaded (migration 014) */
  avatar_source: Generated<string>;
  default_all_public_streams: Flag;
  default_sending_stream_id: number | null;
  default_events_register_stream_id: number | null;
  /** Zulip's server-granted permission to use POST /users */
  can_create_users: Flag;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  date_created: number;
}

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

export const GROUP_GROUP_SETTINGS = [
  "can_add_members_group",
  "can_join_group",
  "can_leave_group",
  "can_manage_group",
  "can_mention_group",
  "can_remove_members_group",
] as const;
export type GroupGroupSetting = (typeof GROUP_GROUP_SETTINGS)[number];

export type UserGroupTable = {
  id: Generated<number>;
  realm_id: number;
  /** null for the anonymous groups that hold a group-setting value */
  name: string | null;
  description: string;
  is_system_group: Flag;
  date_created: number | null;
  creator_id: number | null;
  deactivated: Flag;
} & Record<GroupGroupSetting, number | null>;

export interface GroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface GroupSubgroupTable {
  group_id: number;
  subgroup_id: number;
}

export interface DefaultStreamTable {
  realm_id: number;
  stream_id: number;
}

export * from "./message-schema.js";
import type { MessageTables } from "./message-schema.js";
export * from "./org-schema.js";
import type { OrgTables } from "./org-schema.js";
export * from "./event-schema.js";
import type { EventTables } from "./event-schema.js";
export * from "./push-schema.js";
import type { PushTables } from "./push-schema.js";
export * from "./channel-folders-schema.js";
import type { ChannelFolderTables } from "./channel-folders-schema.js";
export * from "./user-extras-schema.js";
import type { UserExtraTables } from "./user-extras-schema.js";
export * from "./realm-extras-schema.js";
import type { RealmExtraTables } from "./realm-extras-schema.js";
import type { RealmEmojiTables } from "./realm-emoji-schema.js";
import type { AvatarsExportsTables } from "./avatars-exports-schema.js";
import type { SessionTables } from "./sessions-schema.js";
export * from "./settings-schema.js";
import type { SettingsTables } from "./settings-schema.js";
import type { OnboardingStepTables } from "./onboarding-steps-schema.js";
import type { DefaultStreamGroupTables } from "./default-stream-groups-schema.js";

export interface ChatDatabase extends SettingsTables, MessageTables, OrgTables, EventTables, PushTables, ChannelFolderTables, RealmEmojiTables, RealmExtraTables, UserExtraTables, AvatarsExportsTables, SessionTables, OnboardingStepTables, DefaultStreamGroupTables {
  realms: RealmTable;
  realm_group_settings: RealmGroupSettingTable;
  users: UserTable;
  api_keys: ApiKeyTable;
  streams: StreamTable;
  subscriptions: SubscriptionTable;
  user_groups: UserGroupTable;
  group_members: GroupMemberTable;
  group_subgroups: GroupSubgroupTable;
  default_streams: DefaultStreamTable;
}

export type ChatDb = Kysely<ChatDatabase>;
export type { Dialect };
