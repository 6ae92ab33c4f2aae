// Recent direct conversations for the sidebar (register's recent_private_conversations),
// newest first, moved up by every new direct message.
import { signal } from "@preact/signals";

export interface Conversation {
  /** the other participants, sorted ([] for oneself) */
  peers: number[];
  maxId: number;
}

export const conversations = signal<readonly Conversation[]>([]);

export function setConversations(raw: { user_ids: number[]; max_message_id: number }[]): void {
  conversations.value = raw.map((c) => ({ peers: [...c.user_ids].sort((a, b) => a - b), maxId: c.max_message_id })).sort((a, b) => b.maxId - a.maxId);
}

export function noteConversation(peers: number[], messageId: number): void {
  const key = peers.join(",");
  const rest = conversations.peek().filter((c) => c.peers.join(",") !== key);
  conversations.value = [{ peers, maxId: messageId }, ...rest];
}
