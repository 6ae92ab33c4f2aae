// Table types for organization-level state (migration 007_org_settings).
import type { Generated } from "kysely";

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

export interface CustomProfileFieldValueTable {
  user_id: number;
  field_id: number;
  value: string;
  rendered_value: string | null;
}

export interface UserSettingTable {
  user_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface RealmSettingTable {
  realm_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface AlertWordTable {
  id: Generated<number>;
  user_id: number;
  word: string;
}

export interface NavigationViewTable {
  id: Generated<number>;
  user_id: number;
  fragment: string;
  is_pinned: number;
  name: string | null;
}

export interface RealmPlaygroundTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

export interface RealmDomainTable {
  id: Generated<number>;
  realm_id: number;
  domain: string;
  allow_subdomains: number;
}

export interface PushDeviceTable {
  id: Generated<number>;
  user_id: number;
  push_key_id: number | null;
  push_key: string | null;
  token_kind: string | null;
  push_token_id: string | null;
  pending_push_token_id: string | null;
  push_token_last_updated: number | null;
  push_registration_error_code: string | null;
  bouncer_public_key: string | null;
  encrypted_push_registration: string | null;
  date_created: number;
}

export interface OrgTables {
  invites: InviteTable;
  custom_profile_fields: CustomProfileFieldTable;
  custom_profile_field_values: CustomProfileFieldValueTable;
  user_settings: UserSettingTable;
  realm_settings: RealmSettingTable;
  alert_words: AlertWordTable;
  navigation_views: NavigationViewTable;
  realm_playgrounds: RealmPlaygroundTable;
  realm_domains: RealmDomainTable;
  push_devices: PushDeviceTable;
}
