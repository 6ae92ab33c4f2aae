// Recent conversations: each channel topic and direct conversation with its newest message
// and the people who wrote in it, newest first. Filled once, when the view first opens, from
// the newest messages (GET /json/messages, one page, without rendering) and register's
// recent_private_conversations; then kept by every new message (state/live.ts). Zulip's
// recent view starts the same way, from the newest messages it has.
import { signal } from "@preact/signals";
import { api } from "../../api/client";
import { dmPeers } from "../../narrow/narrow";
import { conversations } from "../../state/dms";
import { onNewMessage } from "../../state/live";
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

/** Adds messages (any order) to a map of conversations, in place. */
export function addMessages(into: Map<string, RecentConversation>, list: readonly Message[], myUserId: number): void {
  for (const m of [...list].sort((a, b) => a.id - b.id)) {
    const peers = m.type === "private" ? dmPeers(m, myUserId) : [];
    const key = keyOf(m, peers);
    const old = into.get(key);
    const senders = [m.sender_id, ...(old?.senders ?? []).filter((id) => id !== m.sender_id)];
    if (old && old.maxId > m.id) {
      if (!old.senders.includes(m.sender_id)) into.set(key, { ...old, senders: [...old.senders, m.sender_id] });
      continue;
    }
    into.set(key, m.type === "stream" ? { key, channelId: m.stream_id, topic: m.subject, maxId: m.id, timestamp: m.timestamp, senders } : { key, dm: peers, maxId: m.id, timestamp: m.timestamp, senders });
  }
}

let listening = false;

export async function loadRecent(): Promise<void> {
  if (recentState.peek() === "loading" || recentState.peek() === "ready") return;
  recentState.value = "loading";
  const me = session.peek()?.userId ?? 0;
  if (!listening) {
    listening = true;
    onNewMessage((m) => {
      const next = new Map(recent.peek());
      addMessages(next, [m], me);
      recent.value = next;
    });
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
