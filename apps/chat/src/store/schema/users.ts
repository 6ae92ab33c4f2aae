// Table types: Users and what each one owns: API keys, web sessions, settings, status, muted
// users, drafts, saved snippets, bot storage, alert words, profile field values, onboarding
// steps, navigation views, e-mail changes.
import type { Generated } from "kysely";
import type { Flag } from "./flag.js";

export const EMAIL_CHANGE_PENDING = 0;

export const EMAIL_CHANGE_USED = 1;

export const EMAIL_CHANGE_REPLACED = 2;

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
  /** who may see delivery_email (lib/email-visibility.ts); `email` is a stand-in unless 1 (migration 032) */
  email_address_visibility: Generated<number>;
}

export interface ApiKeyTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  date_created: number;
}

/** A web app sign-in (migration 021). Times are epoch milliseconds. */
export interface WebSessionTable {
  id: Generated<number>;
  /** SHA-256 hex of the cookie's token; the token itself is never stored */
  token_hash: string;
  user_id: number;
  /** the realm whose address made the session, null for an address naming none (migration 027) */
  host_realm_id: number | null;
  date_created: number;
  last_used: number;
  expires_at: number;
}

export interface UserSettingTable {
  user_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface UserSettingEditTable {
  user_id: number;
  name: string;
}

export interface EmailChangeTable {
  id: Generated<number>;
  realm_id: number;
  user_id: number;
  old_email: string;
  new_email: string;
  /** SHA-256 of the confirmation key; the key itself is only in the e-mail */
  key_hash: string;
  date_created: number;
  expiry: number;
  status: number;
}

export interface UserStatusTable {
  user_id: number;
  status_text: string;
  /** "" when no emoji is set */
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  timestamp: number;
}

export interface MutedUserTable {
  id: Generated<number>;
  user_id: number;
  muted_user_id: number;
  date_muted: number;
}

export interface DraftTable {
  id: Generated<number>;
  user_id: number;
  /** "", "stream" or "private" */
  type: string;
  /** JSON list: the channel id, or the other participants of a direct message */
  to_ids: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

export interface SavedSnippetTable {
  id: Generated<number>;
  realm_id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

export interface BotStorageTable {
  id: Generated<number>;
  bot_id: number;
  key: string;
  value: string;
}

export interface AlertWordTable {
  id: Generated<number>;
  user_id: number;
  word: string;
}

export interface CustomProfileFieldValueTable {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export interface OnboardingStepTable {
  user_id: number;
  onboarding_step: string;
  /** when it was marked as read, ms since the epoch */
  timestamp: number;
}

export interface UserMessageSettingsTable {
  user_id: number;
  automatically_follow_topics_policy: number;
  automatically_unmute_topics_in_muted_streams_policy: number;
  automatically_follow_topics_where_mentioned: number;
}

export interface NavigationViewTable {
  id: Generated<number>;
  user_id: number;
  fragment: string;
  is_pinned: number;
  name: string | null;
}

export interface UsersTables {
  users: UserTable;
  api_keys: ApiKeyTable;
  web_sessions: WebSessionTable;
  user_settings: UserSettingTable;
  user_setting_edits: UserSettingEditTable;
  email_changes: EmailChangeTable;
  user_status: UserStatusTable;
  muted_users: MutedUserTable;
  drafts: DraftTable;
  saved_snippets: SavedSnippetTable;
  bot_storage: BotStorageTable;
  alert_words: AlertWordTable;
  custom_profile_field_values: CustomProfileFieldValueTable;
  onboarding_steps: OnboardingStepTable;
  user_message_settings: UserMessageSettingsTable;
  navigation_views: NavigationViewTable;
}
