import type { Generated } from "kysely";

export interface DefaultStreamGroupTable {
  id: Generated<number>;
  realm_id: number;
  name: string;
  description: string;
}

export interface DefaultStreamGroupStreamTable {
  group_id: number;
  stream_id: number;
}

export interface DefaultStreamGroupTables {
  default_stream_groups: DefaultStreamGroupTable;
  default_stream_group_streams: DefaultStreamGroupStreamTable;
}
