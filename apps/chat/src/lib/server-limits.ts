// The server's fixed limits, sent in /register whatever the requested sections and used where
// the server enforces them.
/** Limits sent whatever the requested sections (clients fall back to them). */
export const SERVER_LIMITS = {
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_channel_folder_name_length: 60,
  max_channel_folder_description_length: 1024,
  max_topic_length: 60,
  max_message_length: 10000,
  max_reminder_note_length: 1000,
  server_min_deactivated_realm_deletion_days: 14,
  server_max_deactivated_realm_deletion_days: null,
  server_presence_ping_interval_seconds: 60,
  server_presence_offline_threshold_seconds: 200,
  server_typing_started_expiry_period_milliseconds: 45000,
  server_typing_stopped_wait_period_milliseconds: 12000,
  server_typing_started_wait_period_milliseconds: 30000,
};
