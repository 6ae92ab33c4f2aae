// Messages as Zulip's message dict (GET /messages, GET /messages/{id}): `type` keeps the
// legacy "stream"/"private", the topic is `subject`, timestamps are UNIX seconds.
import type { Message } from "../store/messages.js";
import type { Reaction } from "../store/reactions.js";
import type { Stream } from "../store/streams.js";
import type { User } from "../store/users.js";
import { avatarUrl } from "./user.js";
import { displayTopic } from "../lib/topics.js";
import { flagNames } from "../lib/message-flags.js";

export interface MessageViewOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
}

export interface MessageLookups {
  realmStringId: string;
  users: Map<number, User>;
  streams: Map<number, Stream>;
  dmMembers: Map<number, number[]>;
  reactions: Map<number, Reaction[]>;
}

export function presentReaction(r: Reaction): Record<string, unknown> {
  return { emoji_name: r.emoji_name, emoji_code: r.emoji_code, reaction_type: r.reaction_type, user_id: r.user_id };
}

export function presentMessage(m: Message, lookups: MessageLookups, options: MessageViewOptions): Record<string, unknown> {
  const sender = lookups.users.get(m.sender_id);
  const isStream = m.stream_id !== null;
  const displayRecipient = isStream
    ? (lookups.streams.get(m.stream_id!)?.name ?? "")
    : (lookups.dmMembers.get(m.recipient_id) ?? [m.sender_id]).map((id) => {
        const u = lookups.users.get(id);
        return { id, email: u?.email ?? "", full_name: u?.full_name ?? "", is_mirror_dummy: false };
      });
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
    submessages: [],
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
  return out;
}

export function withFlags(dict: Record<string, unknown>, flags: number): Record<string, unknown> {
  dict.flags = flagNames(flags);
  return dict;
}
