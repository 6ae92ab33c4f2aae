// Table types: The event system: presence, the cross-process bus, saved queues, and outgoing
// webhook bots' services and outbox.
import type { Generated } from "kysely";

/** Zulip's UserPresence: when the user was last active and last connected (epoch ms). */
export interface UserPresenceTable {
  user_id: number;
  realm_id: number;
  last_active_time: number | null;
  last_connected_time: number | null;
  /** the realm's presence sequence number of this row's last change */
  last_update_id: number;
}

/** Zulip's PresenceSequence: the last presence update id handed out in a realm. */
export interface PresenceSequenceTable {
  realm_id: number;
  last_update_id: number;
}

/** Notices too large for a PostgreSQL NOTIFY payload (events/bus-postgres.ts). */
export interface EventBusTable {
  id: number;
  payload: string;
  created: number;
}

/** A queue saved at shutdown (migrations/024_event_queues.ts, events/persist.ts). */
export interface SavedQueueTable {
  queue_id: string;
  process: string;
  user_id: number;
  realm_id: number;
  state: string;
  last_message_id: number;
  saved_at: number;
}

/** Zulip's Service: where an outgoing webhook bot's triggers are POSTed (migrations/025_outgoing_webhooks.ts). */
export interface BotServiceTable {
  id: Generated<number>;
  realm_id: number;
  bot_id: number;
  name: string;
  base_url: string;
  token: string;
  /** 1 generic (Zulip format), 2 Slack-compatible */
  interface: number;
}

/** A call to an outgoing webhook still to make (actions/outgoing-webhooks.ts). */
export interface OutgoingWebhookOutboxTable {
  id: Generated<number>;
  realm_id: number;
  bot_id: number;
  message_id: number;
  /** "mention" or "direct_message" */
  trigger: string;
  failed_tries: Generated<number>;
  next_attempt: number;
  claimed_until: number | null;
  last_error: string | null;
  date_created: number;
}

export interface EventsTables {
  user_presence: UserPresenceTable;
  presence_sequence: PresenceSequenceTable;
  chat_event_bus: EventBusTable;
  event_queues: SavedQueueTable;
  bot_services: BotServiceTable;
  outgoing_webhook_outbox: OutgoingWebhookOutboxTable;
}
