// Table types: Messages and what hangs off them: recipients, per-user flags, reactions, widget
// submessages, scheduled messages, topic policies, resolve notices, attachments.
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

/** A widget's state change or other addition to a message (Zulip's SubMessage; migration 022). */
export interface SubmessageTable {
  id: Generated<number>;
  message_id: number;
  sender_id: number;
  msg_type: string;
  /** JSON text, as the client sent it */
  content: string;
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

/** Messages the Notification Bot sent as resolve/unresolve notices (their sender, to guard against reused ids). */
export interface ResolveTopicNoticeTable {
  message_id: number;
  sender_id: number;
}

export interface AttachmentTable {
  id: Generated<number>;
  realm_id: number;
  owner_id: number;
  file_name: string;
  /** "<realm_id>/<2 hex>/<24 random>/<sanitized name>" */
  path_id: string;
  content_type: string;
  size: number;
  create_time: number;
  /** keys the temporary-access tokens of this file */
  secret: string;
}

export interface AttachmentMessageTable {
  attachment_id: number;
  message_id: number;
}

export interface MessagesTables {
  recipients: RecipientTable;
  messages: MessageTable;
  user_messages: UserMessageTable;
  reactions: ReactionTable;
  submessages: SubmessageTable;
  scheduled_messages: ScheduledMessageTable;
  user_topics: UserTopicTable;
  resolve_topic_notices: ResolveTopicNoticeTable;
  attachments: AttachmentTable;
  attachment_messages: AttachmentMessageTable;
}
