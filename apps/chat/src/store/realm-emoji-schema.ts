// Tables of migration 012_realm_emoji.
import type { Generated } from "kysely";

export interface RealmEmojiTable {
  id: Generated<number>;
  realm_id: number;
  /** the canonical name: lower case, spaces as underscores */
  name: string;
  author_id: number | null;
  /** the stored image under <uploads>/avatars/<realm_id>/emoji/images/ */
  file_name: string | null;
  is_animated: number;
  deactivated: number;
  date_created: number;
}

/** Messages the Notification Bot sent as resolve/unresolve notices (their sender, to guard against reused ids). */
export interface ResolveTopicNoticeTable {
  message_id: number;
  sender_id: number;
}

export interface RealmEmojiTables {
  realm_emoji: RealmEmojiTable;
  resolve_topic_notices: ResolveTopicNoticeTable;
}
