// Table types: Mobile push: device registrations and the delivery state of notifications.
import type { Generated } from "kysely";

export const TOKEN_KIND_APNS = 1;

export const TOKEN_KIND_FCM = 2;

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

export interface PushDeviceTokenTable {
  id: Generated<number>;
  user_id: number;
  /** TOKEN_KIND_APNS or TOKEN_KIND_FCM, as Zulip's PushDeviceToken.kind */
  kind: number;
  token: string;
  ios_app_id: string | null;
  date_created: number;
}

/** Where the push worker is in the message stream (one row, id 1; migration 022). */
export interface PushCursorTable {
  id: number;
  last_message_id: number;
  /** the worker scanning holds the row until this instant (epoch ms) */
  claimed_until: number | null;
  claim_token: string | null;
}

/** A message the user was notified of on their phones and not yet told to remove. */
export interface PushNotifiedTable {
  user_id: number;
  message_id: number;
  realm_id: number;
  date_created: number;
}

export interface PushOutboxTable {
  id: Generated<number>;
  realm_id: number;
  user_id: number;
  /** "message" or "remove" */
  kind: string;
  /** "e2ee" (the user's E2EE devices) or "legacy" (their APNs/FCM tokens): retried apart */
  channel: string;
  message_id: number | null;
  /** remove notifications: a JSON list of message ids */
  message_ids: string | null;
  /** what made the message notify (Zulip's NotificationTriggers value) */
  trigger: string | null;
  mentioned_group_id: number | null;
  attempts: Generated<number>;
  next_attempt: number;
  claimed_until: number | null;
  last_error: string | null;
  date_created: number;
}

export interface PushTables {
  push_devices: PushDeviceTable;
  push_device_tokens: PushDeviceTokenTable;
  push_cursor: PushCursorTable;
  push_notified: PushNotifiedTable;
  push_outbox: PushOutboxTable;
}
