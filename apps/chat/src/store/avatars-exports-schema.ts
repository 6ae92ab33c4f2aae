import type { Generated } from "kysely";

/** A channel's incoming e-mail token for one creator and sender (migration 015). */
export interface ChannelEmailAddressTable {
  id: Generated<number>;
  realm_id: number;
  stream_id: number;
  creator_id: number;
  sender_id: number;
  /** 32 hex characters, the part of the address that authorizes posting */
  email_token: string;
  date_created: number;
}

export interface AvatarsExportsTables {
  channel_email_addresses: ChannelEmailAddressTable;
}
