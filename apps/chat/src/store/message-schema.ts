// Table types for messages and what hangs off them: recipients, per-user flags, reactions,
// scheduled messages, topic policies and the message settings of realms and users.
import type { Generated, Selectable } from "kysely";

export interface RecipientTable {
  id: Generated<number>;
  realm_id: number;
  /** 2: channel, 3: direct-message conversation */
  type: number;
  stream_id: number | null;
  /** sorted member ids joined by commas (direct messages only) */
  user_ids: string | null;
}

export interface MessageTable {
  id: Generated<number>;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  /** null for direct messages */
  stream_id: number | null;
  topic: string;
  /** lower-cased topic: Zulip matches topics case-insensitively */
  topic_key: string;
  content: string;
  rendered_content: string;
  client: string;
  date_sent: number;
  last_edit_time: number | null;
  last_moved_time: number | null;
  /** JSON array, newest first, as Zulip stores Message.edit_history */
  edit_history: string | null;
  has_link: number;
  has_image: number;
  has_attachment: number;
  is_me_message: number;
}

/**
 * The columns a message dict is built from (present/message.ts), besides its text: `content` or
 * `rendered_content`, whichever the reader asked for. Reads that fetch only these columns take
 * them from here, in this order.
 */
export const MESSAGE_DICT_COLUMNS = [
  "id", "sender_id", "recipient_id", "stream_id", "topic", "client", "date_sent",
  "last_edit_time", "last_moved_time", "is_me_message", "edit_history",
] as const satisfies readonly (keyof MessageTable)[];

/** A message row as a message dict needs it. */
export type DictMessage = Pick<Selectable<MessageTable>, (typeof MESSAGE_DICT_COLUMNS)[number] | "content" | "rendered_content">;

export interface UserMessageTable {
  user_id: number;
  message_id: number;
  flags: number;
}

export interface ReactionTable {
  id: Generated<number>;
  message_id: number;
  user_id: number;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

export interface ScheduledMessageTable {
  id: Generated<number>;
  realm_id: number;
  sender_id: number;
  /** "stream" | "private" */
  type: string;
  stream_id: number | null;
  /** JSON list of recipient user ids (direct messages) */
  to_user_ids: string | null;
  topic: string;
  content: string;
  rendered_content: string;
  scheduled_timestamp: number;
  read_by_sender: number | null;
  delivered: number;
  failed: number;
  failure_message: string | null;
  delivered_message_id: number | null;
  /** a worker holds the row until this instant (epoch ms) */
  claimed_until: number | null;
  date_created: number;
  /** 1: send later, 2: reminder (migration 006) */
  delivery_type: Generated<number>;
  /** the sending client's name, reused at delivery */
  client: Generated<string>;
  reminder_target_message_id: number | null;
  reminder_note: string | null;
  /** the claiming worker's token; the delivery commits only while it still holds it */
  claim_token: string | null;
}

export interface UserTopicTable {
  user_id: number;
  stream_id: number;
  topic_key: string;
  topic_name: string;
  visibility_policy: number;
  last_updated: number;
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

export interface UserMessageSettingsTable {
  user_id: number;
  automatically_follow_topics_policy: number;
  automatically_unmute_topics_in_muted_streams_policy: number;
  automatically_follow_topics_where_mentioned: number;
}

export interface MessageTables {
  recipients: RecipientTable;
  messages: MessageTable;
  user_messages: UserMessageTable;
  reactions: ReactionTable;
  scheduled_messages: ScheduledMessageTable;
  user_topics: UserTopicTable;
  realm_message_settings: RealmMessageSettingsTable;
  user_message_settings: UserMessageSettingsTable;
}
