// Table types: Organizations (realms) and what they configure: settings, domains, linkifiers,
// code playgrounds, custom emoji, custom profile fields, invitations, exports.
import type { Generated } from "kysely";
import type { Flag } from "./flag.js";

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

export interface RealmSettingTable {
  realm_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface RealmDomainTable {
  id: Generated<number>;
  realm_id: number;
  domain: string;
  allow_subdomains: number;
}

export interface RealmLinkifierTable {
  id: Generated<number>;
  realm_id: number;
  pattern: string;
  url_template: string;
  example_input: string | null;
  reverse_template: string | null;
  /** JSON array of strings */
  alternative_url_templates: Generated<string>;
  order: number;
}

export interface RealmPlaygroundTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

export interface RealmEmojiTable {
  id: Generated<number>;
  realm_id: number;
  /** the canonical name: lower case, spaces as underscores */
  name: string;
  author_id: number | null;
  /** the stored image under <uploads>/avatars/<realm_id>/emoji/images/ */
  file_name: string | null;
  is_animated: number;
  deactivated: number;
  date_created: number;
}

export interface RealmExportTable {
  id: Generated<number>;
  realm_id: number;
  acting_user_id: number;
  export_type: string;
  date_requested: number;
  /** when a background job claimed it (migration 015) */
  date_started: number | null;
  date_succeeded: number | null;
  date_failed: number | null;
  date_deleted: number | null;
  /** relative to the uploads directory's avatars/ folder, once written */
  export_path: string | null;
}

export interface RealmUserDefaultSettingTable {
  realm_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface RealmMessageSettingsTable {
  realm_id: number;
  allow_message_editing: number;
  message_content_edit_limit_seconds: number | null;
  message_content_delete_limit_seconds: number | null;
  move_messages_within_stream_limit_seconds: number | null;
  move_messages_between_streams_limit_seconds: number | null;
  message_edit_history_visibility_policy: string;
  topics_policy: string;
  moderation_request_channel_id: number | null;
}

export interface CustomProfileFieldTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  hint: string;
  field_type: number;
  /** JSON-encoded, as Zulip sends it ("" when the type has none) */
  field_data: string;
  field_order: number;
  required: number;
  editable_by_user: number;
  display_in_profile_summary: number;
  use_for_user_matching: number;
}

export interface InviteTable {
  id: Generated<number>;
  realm_id: number;
  /** null for a reusable link */
  email: string | null;
  invited_by_user_id: number;
  invited: number;
  /** null: never expires */
  expiry: number | null;
  invited_as: number;
  /** JSON list of channel ids */
  stream_ids: string;
  /** JSON list of user group ids */
  group_ids: string;
  welcome_message_custom_text: string | null;
  confirmation_key: string;
  /** 0 active, 1 used, 2 revoked */
  status: number;
  is_multiuse: number;
  include_realm_default_subscriptions: number;
  notify_referrer_on_join: number;
}

export interface RealmsTables {
  realms: RealmTable;
  realm_group_settings: RealmGroupSettingTable;
  realm_settings: RealmSettingTable;
  realm_domains: RealmDomainTable;
  realm_linkifiers: RealmLinkifierTable;
  realm_playgrounds: RealmPlaygroundTable;
  realm_emoji: RealmEmojiTable;
  realm_exports: RealmExportTable;
  realm_user_default_settings: RealmUserDefaultSettingTable;
  realm_message_settings: RealmMessageSettingsTable;
  custom_profile_fields: CustomProfileFieldTable;
  invites: InviteTable;
}
