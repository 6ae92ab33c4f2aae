import type { Generated } from "kysely";

/** A web app sign-in (migration 021). Times are epoch milliseconds. */
export interface WebSessionTable {
  id: Generated<number>;
  /** SHA-256 hex of the cookie's token; the token itself is never stored */
  token_hash: string;
  user_id: number;
  /** the realm whose address made the session, null for an address naming none (migration 027) */
  host_realm_id: number | null;
  date_created: number;
  last_used: number;
  expires_at: number;
}

export interface SessionTables {
  web_sessions: WebSessionTable;
}
