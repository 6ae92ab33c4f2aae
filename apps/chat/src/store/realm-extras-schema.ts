import type { Generated } from "kysely";

export interface RealmLinkifierTable {
  id: Generated<number>;
  realm_id: number;
  pattern: string;
  url_template: string;
  example_input: string | null;
  reverse_template: string | null;
  /** JSON array of strings */
  alternative_url_templates: Generated<string>;
  order: number;
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

export interface RealmExportTable {
  id: Generated<number>;
  realm_id: number;
  acting_user_id: number;
  export_type: string;
  date_requested: number;
  /** when a background job claimed it (migration 015) */
  date_started: number | null;
  date_succeeded: number | null;
  date_failed: number | null;
  date_deleted: number | null;
  /** relative to the uploads directory's avatars/ folder, once written */
  export_path: string | null;
}

export interface RealmExtraTables {
  realm_linkifiers: RealmLinkifierTable;
  attachments: AttachmentTable;
  attachment_messages: AttachmentMessageTable;
  realm_exports: RealmExportTable;
}
