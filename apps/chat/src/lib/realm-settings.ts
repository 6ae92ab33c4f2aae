// The realm settings PATCH /realm changes, where each is stored, its default and its check.
// "realm": a column of realms; "message": realm_message_settings (the message engineers'
// table, the one source of truth for them); "kv": realm_settings rows.
import { RequestVariableInvalidError } from "./errors.js";
import { bool, int, oneOf, string, union, type Validator } from "./validators.js";
import type { SystemGroupName } from "./roles.js";

export type Storage = "realm" | "message" | "kv";

export interface RealmSettingSpec {
  storage: Storage;
  validator: Validator<unknown>;
  /** what /register shows when nothing is stored (kv settings only) */
  fallback?: unknown;
  /** sent as {op: "update_dict", property: "default"} for historical reasons */
  updateDict?: boolean;
  /** a channel id setting, -1 meaning none */
  channel?: boolean;
  ownerOnly?: boolean;
}

const flag = (fallback: boolean): RealmSettingSpec => ({ storage: "kv", validator: bool, fallback });
const limit: Validator<unknown> = union(int({ min: 1 }), oneOf(["unlimited"] as const));

/** Zulip's parse_message_retention_days for the realm: "unlimited" is -1 (forever), else a positive number of days. */
const retentionDays: Validator<unknown> = (value, path) => {
  if (value === "unlimited") return -1;
  if (typeof value === "string" || (Number.isSafeInteger(value) && (value as number) <= 0)) throw new RequestVariableInvalidError(path, value);
  return int()(value, path);
};

export const REALM_SETTINGS: Record<string, RealmSettingSpec> = {
  name: { storage: "realm", validator: string({ maxLength: 40, required: true }) },
  description: { storage: "realm", validator: string({ maxLength: 1000 }) },
  invite_required: { storage: "realm", validator: bool, ownerOnly: true },
  waiting_period_threshold: { storage: "realm", validator: int({ min: 0 }), ownerOnly: true },
  message_retention_days: { storage: "realm", validator: retentionDays, ownerOnly: true },
  org_type: { storage: "realm", validator: oneOf([0, 10, 20, 30, 35, 40, 50, 60, 70, 80, 90, 100]), ownerOnly: true },
  allow_message_editing: { storage: "message", validator: bool, updateDict: true },
  message_content_edit_limit_seconds: { storage: "message", validator: limit, updateDict: true },
  message_content_delete_limit_seconds: { storage: "message", validator: limit },
  move_messages_within_stream_limit_seconds: { storage: "message", validator: limit },
  move_messages_between_streams_limit_seconds: { storage: "message", validator: limit },
  message_edit_history_visibility_policy: { storage: "message", validator: oneOf(["all", "moves", "none"]) },
  topics_policy: { storage: "message", validator: oneOf(["allow_empty_topic", "disable_empty_topic"]) },
  moderation_request_channel_id: { storage: "message", validator: int({ min: -1 }), channel: true },
  new_stream_announcements_stream_id: { storage: "kv", validator: int({ min: -1 }), fallback: -1, channel: true },
  signup_announcements_stream_id: { storage: "kv", validator: int({ min: -1 }), fallback: -1, channel: true },
  zulip_update_announcements_stream_id: { storage: "kv", validator: int({ min: -1 }), fallback: -1, channel: true },
  default_language: { storage: "kv", validator: string({ maxLength: 50 }), fallback: "en" },
  default_code_block_language: { storage: "kv", validator: string({ maxLength: 50 }), fallback: "" },
  welcome_message_custom_text: { storage: "kv", validator: string({ maxLength: 8000 }), fallback: "" },
  digest_weekday: { storage: "kv", validator: int({ min: 0, max: 6 }), fallback: 1 },
  media_preview_size: { storage: "kv", validator: oneOf([100, 150, 200]), fallback: 100 },
  // Jitsi Meet by default, as Zulip's Realm.video_chat_provider.
  video_chat_provider: { storage: "kv", validator: oneOf([0, 1, 3, 4, 5, 6, 7, 8]), fallback: 1 },
  avatar_changes_disabled: flag(false),
  digest_emails_enabled: flag(false),
  disallow_disposable_email_addresses: { ...flag(true), ownerOnly: true },
  email_changes_disabled: flag(false),
  emails_restricted_to_domains: { ...flag(false), ownerOnly: true },
  enable_guest_user_dm_warning: flag(true),
  enable_guest_user_indicator: flag(true),
  enable_read_receipts: flag(true),
  enable_spectator_access: flag(false),
  inline_image_preview: flag(true),
  inline_url_embed_preview: flag(false),
  message_content_allowed_in_email_notifications: flag(true),
  name_changes_disabled: flag(false),
  presence_disabled: flag(false),
  require_unique_names: flag(false),
  // Legacy (non-E2EE) phones then get "New message" instead of the text.
  require_e2ee_push_notifications: flag(false),
  send_channel_events_messages: flag(true),
  send_welcome_emails: flag(true),
  want_advertise_in_communities_directory: flag(false),
};

/** Which settings are strings on the wire: PATCH /realm answers "updated" for those. */
export const isStringSetting = (name: string) => ["name", "description", "default_language", "default_code_block_language", "welcome_message_custom_text", "message_edit_history_visibility_policy", "topics_policy"].includes(name);

/** Which groups a realm permission setting may name (Zulip's GroupPermissionSetting). */
export interface RealmGroupSettingRules {
  allowNobody: boolean;
  allowEveryone: boolean;
  /** only a system group, and of those only these */
  systemGroups?: SystemGroupName[];
  ownerOnly?: boolean;
}

const rules = (allowNobody: boolean, allowEveryone: boolean, extra: Partial<RealmGroupSettingRules> = {}): RealmGroupSettingRules => ({ allowNobody, allowEveryone, ...extra });

/** Every realm permission setting PATCH /realm takes as {new, old?}; role:internet is never allowed. */
export const REALM_GROUP_SETTINGS: Record<string, RealmGroupSettingRules> = {
  can_access_all_users_group: rules(false, true, { systemGroups: ["role:everyone", "role:members"] }),
  can_add_custom_emoji_group: rules(true, false),
  can_add_subscribers_group: rules(true, false),
  can_create_bots_group: rules(true, false),
  can_create_groups: rules(true, false, { ownerOnly: true }),
  can_create_private_channel_group: rules(true, false),
  can_create_public_channel_group: rules(true, false),
  can_create_web_public_channel_group: rules(true, false, { systemGroups: ["role:moderators", "role:administrators", "role:owners", "role:nobody"] }),
  can_create_write_only_bots_group: rules(true, false),
  can_delete_any_message_group: rules(true, false),
  can_delete_own_message_group: rules(true, true),
  can_invite_users_group: rules(true, false, { ownerOnly: true }),
  can_manage_all_groups: rules(false, false, { ownerOnly: true }),
  can_manage_billing_group: rules(false, false, { ownerOnly: true }),
  can_mention_many_users_group: rules(true, true),
  can_move_messages_between_channels_group: rules(true, false),
  can_move_messages_between_topics_group: rules(true, true),
  can_resolve_topics_group: rules(true, true),
  can_set_delete_message_policy_group: rules(true, false),
  can_set_topics_policy_group: rules(true, true),
  can_summarize_topics_group: rules(true, true),
  create_multiuse_invite_group: rules(true, false, { ownerOnly: true }),
  direct_message_initiator_group: rules(true, true),
  direct_message_permission_group: rules(true, true),
  workplace_users_group: rules(true, false),
};
