// Per-user tables of migration 013: status, muted users, drafts, saved snippets, bot storage.
// Times are milliseconds since the epoch, as elsewhere in the chat schema.
import type { Generated } from "kysely";

export interface UserStatusTable {
  user_id: number;
  status_text: string;
  /** "" when no emoji is set */
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  timestamp: number;
}

export interface MutedUserTable {
  id: Generated<number>;
  user_id: number;
  muted_user_id: number;
  date_muted: number;
}

export interface DraftTable {
  id: Generated<number>;
  user_id: number;
  /** "", "stream" or "private" */
  type: string;
  /** JSON list: the channel id, or the other participants of a direct message */
  to_ids: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

export interface SavedSnippetTable {
  id: Generated<number>;
  realm_id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

export interface BotStorageTable {
  id: Generated<number>;
  bot_id: number;
  key: string;
  value: string;
}

export interface UserExtraTables {
  user_status: UserStatusTable;
  muted_users: MutedUserTable;
  drafts: DraftTable;
  saved_snippets: SavedSnippetTable;
  bot_storage: BotStorageTable;
}
