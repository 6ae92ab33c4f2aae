// Loads what message dicts need (senders, channels, conversation members, reactions, widget
// submessages) for a batch of messages, in a fixed number of queries, and presents them in the
// given order.
// Senders and channels come from the realm-state cache.
import type { ChatDb } from "../store/schema.js";
import type { Realm } from "../store/realms.js";
import { messagesByIds, recipientMembers, type Message } from "../store/messages.js";
import { reactionsByMessage } from "../store/reactions.js";
import { submessagesByMessage } from "../store/submessages.js";
import { stateCache, type RealmState } from "../store/realm-state.js";
import { dictMessagesByIds } from "../store/sqlite-reads.js";
import { messageJsonWriter, presentMessage, type MessageLookups, type MessageViewOptions } from "../present/message.js";

export async function messageLookups(db: ChatDb, realm: Realm, messages: Pick<Message, "id" | "stream_id" | "recipient_id">[], state?: RealmState): Promise<MessageLookups> {
  const dmRecipients = [...new Set(messages.filter((m) => m.stream_id === null).map((m) => m.recipient_id))];
  const ids = messages.map((m) => m.id);
  const [dmMembers, reactions, submessages, loaded] = await Promise.all([
    recipientMembers(db, dmRecipients),
    reactionsByMessage(db, ids),
    submessagesByMessage(db, ids),
    state ?? stateCache(db).generation().then((g) => g.realm(realm.id)),
  ]);
  return {
    realmStringId: realm.string_id,
    // Only this realm's users and channels, as the queries these maps replace returned.
    users: loaded?.usersById ?? new Map(),
    streams: loaded?.streams ?? new Map(),
    dmMembers,
    reactions,
    submessages,
  };
}

/** Message dicts with flags, in the order of `rows`; `state` saves a version read. */
export async function loadMessageDicts(db: ChatDb, realm: Realm, rows: { id: number; flags: number }[], options: MessageViewOptions, state?: RealmState): Promise<Record<string, unknown>[]> {
  return (await loadMessages(db, realm, rows, options, state)).dicts;
}

/** loadMessageDicts, with the message rows the dicts were made from (search highlighting). */
export async function loadMessages(db: ChatDb, realm: Realm, rows: { id: number; flags: number }[], options: MessageViewOptions, state?: RealmState): Promise<{ dicts: Record<string, unknown>[]; byId: Map<number, Message> }> {
  const messages = await messagesByIds(db, rows.map((r) => r.id));
  const byId = new Map(messages.map((m) => [m.id, m]));
  const lookups = await messageLookups(db, realm, messages, state);
  return { dicts: rows.filter((r) => byId.has(r.id)).map((r) => presentMessage(byId.get(r.id)!, lookups, options, r.flags)), byId };
}

/**
 * The JSON text of loadMessageDicts' array, byte for byte, written without dict objects
 * (present/message.ts messageJsonWriter); on SQLite the rows are read as arrays with only the
 * content column shown.
 */
export async function loadMessagesJson(db: ChatDb, realm: Realm, rows: { id: number; flags: number }[], options: MessageViewOptions, state?: RealmState): Promise<string> {
  if (!rows.length) return "[]";
  const ids = rows.map((r) => r.id);
  const byId = dictMessagesByIds(db, ids, options.applyMarkdown) ?? new Map((await messagesByIds(db, ids)).map((m) => [m.id, m]));
  const write = messageJsonWriter(await messageLookups(db, realm, [...byId.values()], state), options);
  let out = "";
  for (const r of rows) {
    const m = byId.get(r.id);
    if (m) out += (out ? "," : "") + write(m, r.flags);
  }
  return `[${out}]`;
}
