// Tables of mobile push (legacy registrations, migration 008; delivery state, migration 022)
// and of widget submessages (022).
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
  push_device_tokens: PushDeviceTokenTable;
  push_cursor: PushCursorTable;
  push_notified: PushNotifiedTable;
  push_outbox: PushOutboxTable;
  submessages: SubmessageTable;
}

/** A widget's state change or other addition to a message (Zulip's SubMessage; migration 022). */
export interface SubmessageTable {
  id: Generated<number>;
  message_id: number;
  sender_id: number;
  msg_type: string;
  /** JSON text, as the client sent it */
  content: string;
}
