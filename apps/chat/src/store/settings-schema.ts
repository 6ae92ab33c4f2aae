// Tables of migration 011_settings_defaults_email.
import type { Generated } from "kysely";

export interface RealmUserDefaultSettingTable {
  realm_id: number;
  name: string;
  /** JSON */
  value: string;
}

export interface UserSettingEditTable {
  user_id: number;
  name: string;
}

export const EMAIL_CHANGE_PENDING = 0;
export const EMAIL_CHANGE_USED = 1;
export const EMAIL_CHANGE_REPLACED = 2;

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

export interface SettingsTables {
  realm_user_default_settings: RealmUserDefaultSettingTable;
  user_setting_edits: UserSettingEditTable;
  email_changes: EmailChangeTable;
}
