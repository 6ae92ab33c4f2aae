// Tables of the push notification registrations added after 007 (migration 008_push_tokens).
import type { Generated } from "kysely";

export const TOKEN_KIND_APNS = 1;
export const TOKEN_KIND_FCM = 2;

export interface PushDeviceTokenTable {
  id: Generated<number>;
  user_id: number;
  /** TOKEN_KIND_APNS or TOKEN_KIND_FCM, as Zulip's PushDeviceToken.kind */
  kind: number;
  token: string;
  ios_app_id: string | null;
  date_created: number;
}

export interface PushTables {
  push_device_tokens: PushDeviceTokenTable;
}
