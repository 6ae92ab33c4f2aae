// Messages as Zulip's message dict (GET /messages, GET /messages/{id}): `type` keeps the
// legacy "stream"/"private", the topic is `subject`, timestamps are UNIX seconds.
import type { Message } from "../store/messages.js";
import type { DictMessage } from "../store/schema.js";
import type { Reaction } from "../store/reactions.js";
import type { Submessage } from "../store/submessages.js";
import type { Stream } from "../store/streams.js";
import type { User } from "../store/users.js";
import { avatarUrl } from "./user.js";
import { displayTopic } from "../lib/topics.js";
import { flagNames } from "../lib/message-flags.js";
import { visibleEditHistoryJson, type EditHistoryPolicy } from "../lib/edit-history.js";

export interface MessageViewOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
  /** the realm's message_edit_history_visibility_policy; edit_history is left out when absent */
  editHistory?: EditHistoryPolicy;
}

export interface MessageLookups {
  realmStringId: string;
  users: Map<number, User>;
  streams: Map<number, Stream>;
  dmMembers: Map<number, number[]>;
  reactions: Map<number, Reaction[]>;
  /** widget submessages, by message (absent: none) */
  submessages?: Map<number, Submessage[]>;
}

export function presentReaction(r: Reaction): Record<string, unknown> {
  return { emoji_name: r.emoji_name, emoji_code: r.emoji_code, reaction_type: r.reaction_type, user_id: r.user_id };
}

export function presentSubmessage(s: Submessage): Record<string, unknown> {
  return { id: s.id, message_id: s.message_id, sender_id: s.sender_id, msg_type: s.msg_type, content: s.content };
}

function dmRecipient(m: Pick<Message, "recipient_id" | "sender_id">, lookups: MessageLookups): Record<string, unknown>[] {
  return (lookups.dmMembers.get(m.recipient_id) ?? [m.sender_id]).map((id) => {
    const u = lookups.users.get(id);
    return { id, email: u?.email ?? "", full_name: u?.full_name ?? "", is_mirror_dummy: false };
  });
}

export function presentMessage(m: Message, lookups: MessageLookups, options: MessageViewOptions): Record<string, unknown> {
  const sender = lookups.users.get(m.sender_id);
  const isStream = m.stream_id !== null;
  const displayRecipient = isStream ? (lookups.streams.get(m.stream_id!)?.name ?? "") : dmRecipient(m, lookups);
  const out: Record<string, unknown> = {
    id: m.id,
    sender_id: m.sender_id,
    content: options.applyMarkdown ? m.rendered_content : m.content,
    recipient_id: m.recipient_id,
    timestamp: Math.floor(m.date_sent / 1000),
    client: m.client,
    subject: isStream ? displayTopic(m.topic, options.allowEmptyTopicName) : "",
    topic_links: [],
    is_me_message: Boolean(m.is_me_message),
    reactions: (lookups.reactions.get(m.id) ?? []).map(presentReaction),
    submessages: (lookups.submessages?.get(m.id) ?? []).map(presentSubmessage),
    sender_full_name: sender?.full_name ?? "",
    sender_email: sender?.email ?? "",
    sender_realm_str: lookups.realmStringId,
    display_recipient: displayRecipient,
    type: isStream ? "stream" : "private",
    avatar_url: sender ? avatarUrl(sender, options.clientGravatar) : null,
    content_type: options.applyMarkdown ? "text/html" : "text/x-markdown",
  };
  if (isStream) out.stream_id = m.stream_id;
  if (m.last_edit_time !== null) out.last_edit_timestamp = Math.floor(m.last_edit_time / 1000);
  if (m.last_moved_time !== null) out.last_moved_timestamp = Math.floor(m.last_moved_time / 1000);
  const history = visibleEditHistoryJson(m.edit_history, options.editHistory);
  if (history !== undefined) out.edit_history = JSON.parse(history) as unknown;
  return out;
}

export function withFlags(dict: Record<string, unknown>, flags: number): Record<string, unknown> {
  dict.flags = flagNames(flags);
  return dict;
}

const flagsJson = new Map<number, string>();
const jsonNumber = (v: unknown): string => (typeof v === "number" && Number.isFinite(v) ? String(v) : JSON.stringify(v));

/**
 * The JSON text of `withFlags(presentMessage(m, lookups, options), flags)`, byte for byte,
 * written directly (GET /messages pages): no dict objects, and the parts shared by a page's
 * messages (sender names and avatars, channel names, topics, clients, flag lists) serialized
 * once per page. Key order and values must follow presentMessage exactly; the test
 * messages-json.test.ts compares the two on both databases.
 */
export function messageJsonWriter(lookups: MessageLookups, options: MessageViewOptions): (m: DictMessage, flags: number) => string {
  const realm = JSON.stringify(lookups.realmStringId);
  const contentType = options.applyMarkdown ? `,"content_type":"text/html"` : `,"content_type":"text/x-markdown"`;
  const senders = new Map<number, [string, string]>();
  const channels = new Map<number, string>();
  const topics = new Map<string, string>();
  const clients = new Map<string, string>();
  return (m, flags) => {
    let sender = senders.get(m.sender_id);
    if (sender === undefined) {
      const u = lookups.users.get(m.sender_id);
      sender = [
        `,"sender_full_name":${JSON.stringify(u?.full_name ?? "")},"sender_email":${JSON.stringify(u?.email ?? "")},"sender_realm_str":${realm},"display_recipient":`,
        `,"avatar_url":${JSON.stringify(u ? avatarUrl(u, options.clientGravatar) : null)}`,
      ];
      senders.set(m.sender_id, sender);
    }
    const isStream = m.stream_id !== null;
    let subject = `""`;
    let recipient: string;
    if (isStream) {
      const topic = displayTopic(m.topic, options.allowEmptyTopicName);
      subject = topics.get(topic) ?? "";
      if (!subject) topics.set(topic, (subject = JSON.stringify(topic)));
      recipient = channels.get(m.stream_id!) ?? "";
      if (!recipient) channels.set(m.stream_id!, (recipient = JSON.stringify(lookups.streams.get(m.stream_id!)?.name ?? "")));
    } else {
      recipient = JSON.stringify(dmRecipient(m, lookups));
    }
    let client = clients.get(m.client);
    if (client === undefined) clients.set(m.client, (client = JSON.stringify(m.client)));
    let flagList = flagsJson.get(flags);
    if (flagList === undefined) flagsJson.set(flags, (flagList = JSON.stringify(flagNames(flags))));
    const reactions = lookups.reactions.get(m.id);
    const submessages = lookups.submessages?.get(m.id);
    let out = `{"id":${jsonNumber(m.id)},"sender_id":${jsonNumber(m.sender_id)},"content":${JSON.stringify(options.applyMarkdown ? m.rendered_content : m.content)},"recipient_id":${jsonNumber(m.recipient_id)},"timestamp":${jsonNumber(Math.floor(m.date_sent / 1000))},"client":${client},"subject":${subject},"topic_links":[],"is_me_message":${Boolean(m.is_me_message)},"reactions":${reactions ? JSON.stringify(reactions.map(presentReaction)) : "[]"},"submessages":${submessages ? JSON.stringify(submessages.map(presentSubmessage)) : "[]"}${sender[0]}${recipient},"type":${isStream ? `"stream"` : `"private"`}${sender[1]}${contentType}`;
    if (isStream) out += `,"stream_id":${jsonNumber(m.stream_id)}`;
    if (m.last_edit_time !== null) out += `,"last_edit_timestamp":${jsonNumber(Math.floor(m.last_edit_time / 1000))}`;
    if (m.last_moved_time !== null) out += `,"last_moved_timestamp":${jsonNumber(Math.floor(m.last_moved_time / 1000))}`;
    const history = visibleEditHistoryJson(m.edit_history, options.editHistory);
    if (history !== undefined) out += `,"edit_history":${history}`;
    return `${out},"flags":${flagList}}`;
  };
}
