// Recent conversations: each channel topic and direct conversation with its newest message
// and the people who wrote in it, newest first. Filled once, when the view first opens, from
// the newest messages (GET /json/messages, one page, without rendering) and register's
// recent_private_conversations; then kept by every new message, move and deletion
// (state/live.ts). Zulip's recent view starts the same way, from the newest messages it has,
// and likewise rebuilds a conversation from the messages it holds when some move or go.
import { signal } from "@preact/signals";
import { api } from "../../api/client";
import { dmPeers } from "../../narrow/narrow";
import { conversations } from "../../state/dms";
import { onMessagesDeleted, onMessagesMoved, onNewMessage, type MessagesMoved } from "../../state/live";
import { session } from "../../state/session";
import type { Message } from "../../state/types";

export interface RecentConversation {
  key: string;
  channelId?: number;
  topic?: string;
  /** a direct conversation's other members, sorted */
  dm?: number[];
  maxId: number;
  /** of the newest message, seconds; 0 when only its id is known */
  timestamp: number;
  /** who wrote in it, the most recent first */
  senders: number[];
}

/** How many of the newest messages the view starts from. */
export const FIRST_PAGE = 400;

export const recent = signal<ReadonlyMap<string, RecentConversation>>(new Map());
export const recentState = signal<"idle" | "loading" | "ready" | "error">("idle");

export const keyOf = (m: Pick<Message, "type" | "stream_id" | "subject">, peers: number[]): string =>
  m.type === "stream" ? `t:${m.stream_id}:${m.subject.toLowerCase()}` : `d:${peers.join(",")}`;

interface Seen {
  sender: number;
  timestamp: number;
}
/** The messages seen of each conversation, by key then id: what a move or a deletion rebuilds it from. */
const seen = new Map<string, Map<number, Seen>>();

function see(key: string, id: number, message: Seen): void {
  let ids = seen.get(key);
  if (!ids) seen.set(key, (ids = new Map()));
  ids.set(id, message);
}

/** Adds messages (any order) to a map of conversations, in place. */
export function addMessages(into: Map<string, RecentConversation>, list: readonly Message[], myUserId: number): void {
  for (const m of [...list].sort((a, b) => a.id - b.id)) {
    const peers = m.type === "private" ? dmPeers(m, myUserId) : [];
    const key = keyOf(m, peers);
    see(key, m.id, { sender: m.sender_id, timestamp: m.timestamp });
    const old = into.get(key);
    const senders = [m.sender_id, ...(old?.senders ?? []).filter((id) => id !== m.sender_id)];
    if (old && old.maxId > m.id) {
      if (!old.senders.includes(m.sender_id)) into.set(key, { ...old, senders: [...old.senders, m.sender_id] });
      continue;
    }
    into.set(key, m.type === "stream" ? { key, channelId: m.stream_id, topic: m.subject, maxId: m.id, timestamp: m.timestamp, senders } : { key, dm: peers, maxId: m.id, timestamp: m.timestamp, senders });
  }
}

/**
 * A conversation made again from the messages seen in it (newest first): undefined when none is
 * left, so that it leaves the list.
 */
function rebuilt(base: Omit<RecentConversation, "maxId" | "timestamp" | "senders">, ids: ReadonlyMap<number, Seen> | undefined): RecentConversation | undefined {
  if (!ids?.size) return undefined;
  const newestFirst = [...ids].sort(([a], [b]) => b - a);
  const [maxId, newest] = newestFirst[0]!;
  return { ...base, maxId, timestamp: newest.timestamp, senders: [...new Set(newestFirst.map(([, m]) => m.sender))] };
}

/** Messages moved to another topic or channel: they leave their conversation and join the new one. */
export function moveMessages(into: Map<string, RecentConversation>, move: MessagesMoved): void {
  const from = keyOf({ type: "stream", stream_id: move.fromChannel, subject: move.fromTopic }, []);
  const to = keyOf({ type: "stream", stream_id: move.toChannel, subject: move.toTopic }, []);
  const source = seen.get(from) ?? new Map<number, Seen>();
  if (from === to) {
    // Only the topic's case changed: the same conversation, spelt as the move says.
    const old = into.get(from);
    if (old && move.whole) into.set(from, { ...old, topic: move.toTopic });
    return;
  }
  // A whole topic takes along the messages seen that the event did not list.
  const ids = new Set(move.whole ? [...source.keys(), ...move.ids] : move.ids);
  for (const id of ids) {
    const m = source.get(id);
    if (!m) continue;
    source.delete(id);
    see(to, id, m);
  }
  const place = (key: string, channelId: number, topic: string) => {
    setOrDrop(into, key, rebuilt({ key, channelId, topic }, seen.get(key)));
  };
  place(from, move.fromChannel, into.get(from)?.topic ?? move.fromTopic);
  place(to, move.toChannel, move.whole || !into.has(to) ? move.toTopic : into.get(to)!.topic!);
}

/** Deleted messages leave their conversations; one with no message left seen leaves the list. */
export function deleteMessages(into: Map<string, RecentConversation>, ids: readonly number[]): void {
  for (const [key, messages] of seen) {
    if (!ids.some((id) => messages.has(id))) continue;
    for (const id of ids) messages.delete(id);
    const old = into.get(key);
    setOrDrop(into, key, old && rebuilt({ key, channelId: old.channelId, topic: old.topic, dm: old.dm }, messages));
  }
}

function setOrDrop(into: Map<string, RecentConversation>, key: string, conversation: RecentConversation | undefined): void {
  if (conversation) {
    into.set(key, conversation);
    return;
  }
  into.delete(key);
  seen.delete(key);
}

/** Applies a change to a copy of the list, which then replaces it. */
function change(apply: (into: Map<string, RecentConversation>) => void): void {
  const next = new Map(recent.peek());
  apply(next);
  recent.value = next;
}

let listening = false;

export async function loadRecent(): Promise<void> {
  if (recentState.peek() === "loading" || recentState.peek() === "ready") return;
  recentState.value = "loading";
  const me = session.peek()?.userId ?? 0;
  if (!listening) {
    listening = true;
    onNewMessage((m) => change((into) => addMessages(into, [m], me)));
    onMessagesMoved((move) => change((into) => moveMessages(into, move)));
    onMessagesDeleted((ids) => change((into) => deleteMessages(into, ids)));
  }
  try {
    const page = await api.get<{ messages: Message[] }>("/messages", { anchor: "newest", num_before: FIRST_PAGE, num_after: 0, narrow: [], apply_markdown: false, client_gravatar: true });
    const next = new Map<string, RecentConversation>();
    // Direct conversations older than the page: known by their newest id and members only.
    for (const c of conversations.peek()) next.set(`d:${c.peers.join(",")}`, { key: `d:${c.peers.join(",")}`, dm: c.peers, maxId: c.maxId, timestamp: 0, senders: c.peers.length ? [...c.peers] : [me] });
    addMessages(next, page.messages, me);
    // What arrived while the page was on its way is newer than it: kept.
    for (const [key, c] of recent.peek()) if ((next.get(key)?.maxId ?? 0) < c.maxId) next.set(key, c);
    recent.value = next;
    recentState.value = "ready";
  } catch {
    recentState.value = "error";
  }
}

/** The conversations newest first. */
export function byActivity(map: ReadonlyMap<string, RecentConversation>): RecentConversation[] {
  return [...map.values()].sort((a, b) => b.maxId - a.maxId);
}
