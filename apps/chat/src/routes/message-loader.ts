// Loads what message dicts need (senders, channels, conversation members, reactions) for a
// batch of messages, in a fixed number of queries, and presents them in the given order.
import type { ChatDb } from "../store/schema.js";
import type { Realm } from "../store/realms.js";
import { messagesByIds, recipientMembers, type Message } from "../store/messages.js";
import { reactionsByMessage } from "../store/reactions.js";
import { streamsInRealm } from "../store/streams.js";
import { usersByIds } from "../store/users.js";
import { presentMessage, withFlags, type MessageLookups, type MessageViewOptions } from "../present/message.js";

export async function messageLookups(db: ChatDb, realm: Realm, messages: Message[]): Promise<MessageLookups> {
  const dmRecipients = [...new Set(messages.filter((m) => m.stream_id === null).map((m) => m.recipient_id))];
  const [dmMembers, reactions, streams] = await Promise.all([
    recipientMembers(db, dmRecipients),
    reactionsByMessage(db, messages.map((m) => m.id)),
    messages.some((m) => m.stream_id !== null) ? streamsInRealm(db, realm.id) : Promise.resolve([]),
  ]);
  const userIds = new Set(messages.map((m) => m.sender_id));
  for (const members of dmMembers.values()) for (const id of members) userIds.add(id);
  const users = await usersByIds(db, realm.id, [...userIds]);
  return {
    realmStringId: realm.string_id,
    users: new Map(users.map((u) => [u.id, u])),
    streams: new Map(streams.map((s) => [s.id, s])),
    dmMembers,
    reactions,
  };
}

/** Message dicts with flags, in the order of `rows`. */
export async function loadMessageDicts(db: ChatDb, realm: Realm, rows: { id: number; flags: number }[], options: MessageViewOptions): Promise<Record<string, unknown>[]> {
  const messages = await messagesByIds(db, rows.map((r) => r.id));
  const byId = new Map(messages.map((m) => [m.id, m]));
  const lookups = await messageLookups(db, realm, messages);
  return rows.filter((r) => byId.has(r.id)).map((r) => withFlags(presentMessage(byId.get(r.id)!, lookups, options), r.flags));
}
