// Tables of the event system (migrations/004_events_presence_bus.ts).

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

export interface EventTables {
  user_presence: UserPresenceTable;
  presence_sequence: PresenceSequenceTable;
  chat_event_bus: EventBusTable;
  event_queues: SavedQueueTable;
}
