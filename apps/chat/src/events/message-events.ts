// Recipients and details of the events about existing messages (Zulip's
// event_recipient_ids_for_action_on_messages, format_unread_message_details, get_topic_mutes).
import type { ChatDb } from "../store/schema.js";
import { FLAG_BITS, flagNames } from "../lib/message-flags.js";
import { VISIBILITY_FOLLOWED, VISIBILITY_MUTED, VISIBILITY_UNMUTED } from "../store/user-topics.js";

/**
 * Who hears of a reaction, deletion or edit: everyone holding the message, plus the channel's
 * subscribers when its history is public to them (they may have it without a row).
 */
export async function messageAudience(db: ChatDb, messageIds: number[], streamId: number | null): Promise<number[]> {
  if (!messageIds.length) return [];
  const rows = await db.selectFrom("user_messages").select("user_id").distinct().where("message_id", "in", messageIds).execute();
  const ids = new Set(rows.map((r) => r.user_id));
  for (const id of await historySubscribers(db, streamId)) ids.add(id);
  return [...ids].sort((a, b) => a - b);
}

/** Active subscribers of a channel whose history is public to subscribers (else none). */
export async function historySubscribers(db: ChatDb, streamId: number | null): Promise<number[]> {
  if (streamId === null) return [];
  const rows = await db
    .selectFrom("subscriptions as s")
    .innerJoin("streams as st", "st.id", "s.stream_id")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select("s.user_id")
    .where("s.stream_id", "=", streamId)
    .where("s.active", "=", 1)
    .where("u.is_active", "=", 1)
    .where("st.history_public_to_subscribers", "=", 1)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * update_message recipients with their flags for the edited message; channel subscribers with
 * access to its history but no row of their own get ["read"], as in Zulip's do_update_message.
 */
export async function editAudience(db: ChatDb, messageId: number, streamId: number | null): Promise<{ id: number; flags: string[] }[]> {
  const rows = await db.selectFrom("user_messages").select(["user_id", "flags"]).where("message_id", "=", messageId).orderBy("user_id").execute();
  const out = rows.map((r) => ({ id: r.user_id, flags: flagNames(r.flags) }));
  const holders = new Set(out.map((u) => u.id));
  for (const id of (await historySubscribers(db, streamId)).sort((a, b) => a - b)) if (!holders.has(id)) out.push({ id, flags: ["read"] });
  return out;
}

/** message_details of a "mark as unread" event: where each message lives, and whether it mentions the user. */
export async function unreadMessageDetails(db: ChatDb, userId: number, messageIds: number[]): Promise<Record<string, Record<string, unknown>>> {
  if (!messageIds.length) return {};
  const rows = await db
    .selectFrom("user_messages as um")
    .innerJoin("messages as m", "m.id", "um.message_id")
    .innerJoin("recipients as r", "r.id", "m.recipient_id")
    .select(["m.id", "m.stream_id", "m.topic", "m.topic_key", "um.flags", "r.user_ids"])
    .where("um.user_id", "=", userId)
    .where("m.id", "in", messageIds)
    .orderBy("m.id")
    .execute();
  const muted = new Set((await db.selectFrom("subscriptions").select("stream_id").where("user_id", "=", userId).where("is_muted", "=", 1).execute()).map((r) => r.stream_id));
  const policies = new Map<string, number>();
  const streamIds = [...new Set(rows.map((r) => r.stream_id).filter((id): id is number => id !== null))];
  if (streamIds.length) {
    for (const t of await db.selectFrom("user_topics").select(["stream_id", "topic_key", "visibility_policy"]).where("user_id", "=", userId).where("stream_id", "in", streamIds).execute()) {
      policies.set(`${t.stream_id}\u0000${t.topic_key}`, t.visibility_policy);
    }
  }
  const out: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const wildcard = (row.flags & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0;
    let detail: Record<string, unknown>;
    let unmuted = true;
    if (row.stream_id !== null) {
      const policy = policies.get(`${row.stream_id}\u0000${row.topic_key}`);
      unmuted = muted.has(row.stream_id) ? policy === VISIBILITY_UNMUTED || policy === VISIBILITY_FOLLOWED : policy !== VISIBILITY_MUTED;
      // compat: unmuted_stream_msg is internal to Zulip's apply_events, but part of the event.
      detail = { type: "stream", stream_id: row.stream_id, topic: row.topic, unmuted_stream_msg: unmuted };
    } else {
      const members = (row.user_ids ?? "").split(",").map(Number);
      detail = { type: "private", user_ids: members.filter((id) => id !== userId).sort((a, b) => a - b) };
    }
    if (row.flags & FLAG_BITS.mentioned || (wildcard && unmuted)) detail.mentioned = true;
    out[String(row.id)] = detail;
  }
  return out;
}

/** The legacy muted_topics event: every muted topic of the user as [channel, topic, muted at]. */
export async function mutedTopicsEvent(db: ChatDb, userId: number): Promise<Record<string, unknown>> {
  const rows = await db
    .selectFrom("user_topics as ut")
    .innerJoin("streams as s", "s.id", "ut.stream_id")
    .select(["s.name", "ut.topic_name", "ut.last_updated"])
    .where("ut.user_id", "=", userId)
    .where("ut.visibility_policy", "=", VISIBILITY_MUTED)
    .where("s.deactivated", "=", 0)
    .orderBy("ut.last_updated")
    .execute();
  return { type: "muted_topics", muted_topics: rows.map((r) => [r.name, r.topic_name, Math.floor(r.last_updated / 1000)]) };
}

