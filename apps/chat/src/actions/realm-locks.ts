// Names unique in a realm (channels, user groups, emoji, …) are checked by the route, then
// inserted by the action: two processes on PostgreSQL can both pass the check. Each such action
// takes its realm's lock for that kind of name inside its transaction and looks again there, so
// the loser gets Zulip's "already exists" answer (or, where Zulip creates idempotently, the row
// the winner made) instead of a unique-key violation or a duplicate.
import { lockForTransaction, type Dialect } from "@beacon/platform";
import type { ChatDb } from "../store/schema.js";

export type RealmNameKind = "channels" | "groups" | "emoji" | "linkifiers" | "profile-fields" | "channel-folders" | "playgrounds" | "users";

export function lockRealmNames(trx: ChatDb, dialect: Dialect, realmId: number, kind: RealmNameKind): Promise<void> {
  return lockForTransaction(trx, dialect, `chat.${kind}.${realmId}`);
}
