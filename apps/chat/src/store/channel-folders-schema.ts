import type { Generated } from "kysely";

export interface ChannelFolderTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  description: string;
  rendered_description: string;
  order: number;
  date_created: number;
  creator_id: number | null;
  is_archived: number;
}

export interface ChannelFolderTables {
  channel_folders: ChannelFolderTable;
}
