// A narrow: which messages a view shows. The combined feed is the empty narrow; a channel may
// be refined by a topic; a direct conversation is the set of its other members (empty for the
// conversation with oneself). `near` only says where to open the view, not what it holds.
import type { Message } from "../state/types";
import { apiTerms } from "./terms";
import type { Narrow, Term } from "./types";

export type { Narrow, Term } from "./types";

export const FEED: Narrow = {};

/** The key under which a view of this narrow is kept (near is left out: same messages). */
export function narrowKey(n: Narrow): string {
  if (n.terms) return `search:${JSON.stringify(n.terms.map((t) => [t.negated ? 1 : 0, t.operator, t.operator === "search" || t.operator === "topic" ? t.operand.toLowerCase() : t.operand]))}`;
  if (n.dm) return `dm:${n.dm.join(",")}`;
  if (n.is) return `is:${n.is}`;
  if (n.channelId !== undefined) return n.topic === undefined ? `channel:${n.channelId}` : `topic:${n.channelId}:${n.topic.toLowerCase()}`;
  return "feed";
}

export function sameNarrow(a: Narrow, b: Narrow): boolean {
  return narrowKey(a) === narrowKey(b);
}

/** The narrow in the API's terms (GET /messages `narrow`). */
export function apiNarrow(n: Narrow, myUserId: number): { operator: string; operand: unknown; negated?: boolean }[] {
  if (n.terms) return apiTerms(n.terms, myUserId);
  if (n.dm) return [{ operator: "dm", operand: n.dm.length ? n.dm : [myUserId] }];
  if (n.is) return [{ operator: "is", operand: n.is }];
  const terms: { operator: string; operand: unknown }[] = [];
  if (n.channelId !== undefined) terms.push({ operator: "channel", operand: n.channelId });
  if (n.channelId !== undefined && n.topic !== undefined) terms.push({ operator: "topic", operand: n.topic });
  return terms;
}

/** The other participants of a direct message, sorted (none for a message to oneself). */
export function dmPeers(message: Pick<Message, "display_recipient">, myUserId: number): number[] {
  const recipients = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  return recipients
    .map((r) => r.id)
    .filter((id) => id !== myUserId)
    .sort((a, b) => a - b);
}

const MENTION_FLAGS = ["mentioned", "stream_wildcard_mentioned", "topic_wildcard_mentioned", "wildcard_mentioned"];

export function isMentioned(flags: readonly string[]): boolean {
  return flags.some((f) => MENTION_FLAGS.includes(f));
}

/** Whether a message (a new one from the event queue) belongs in the narrow. */
export function matchesNarrow(n: Narrow, message: Message, myUserId: number): boolean {
  if (n.terms)
    return n.terms.every((t) => {
      const meets = termMatches(t, message, myUserId);
      return meets !== null && meets === !t.negated;
    });
  if (n.is === "mentioned") return isMentioned(message.flags);
  if (n.is === "starred") return message.flags.includes("starred");
  if (n.dm) return message.type === "private" && dmPeers(message, myUserId).join(",") === n.dm.join(",");
  if (n.channelId === undefined) return true;
  if (message.type !== "stream" || message.stream_id !== n.channelId) return false;
  return n.topic === undefined || message.subject.toLowerCase() === n.topic.toLowerCase();
}

/** Where a message sent to this narrow goes by default. */
export function isConversation(n: Narrow): boolean {
  return n.dm !== undefined || (n.channelId !== undefined && n.topic !== undefined);
}

/**
 * Whether a new message meets one search term, for the terms that can be told from the message
 * alone (as Zulip's Filter.predicate). A term that cannot (free text, links, followed topics)
 * says "no" either way, so such a search never gains live messages it may not match: it is
 * fetched again when reopened.
 */
function termMatches(t: Term, m: Message, myUserId: number): boolean | null {
  const stream = m.type === "stream";
  switch (t.operator) {
    case "channel":
      return stream && String(m.stream_id) === t.operand;
    case "topic":
      return stream && m.subject.toLowerCase() === t.operand.toLowerCase();
    case "sender":
      return /^\d+$/.test(t.operand) ? m.sender_id === Number(t.operand) : m.sender_email.toLowerCase() === t.operand.toLowerCase();
    case "dm":
      return !stream && dmPeers(m, myUserId).join(",") === t.operand;
    case "is":
      if (t.operand === "dm") return !stream;
      if (t.operand === "starred") return m.flags.includes("starred");
      if (t.operand === "mentioned") return isMentioned(m.flags);
      if (t.operand === "unread") return !m.flags.includes("read");
      if (t.operand === "resolved") return stream && m.subject.startsWith("\u2714 ");
      return null;
    case "has":
      if (t.operand === "reaction") return m.reactions.length > 0;
      return null;
  }
  return null;
}
