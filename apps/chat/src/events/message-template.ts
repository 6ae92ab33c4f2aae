// Message events are built once per message (Zulip's "wide" message dict: rendered HTML,
// Markdown source, full avatar URL, the topic as stored) and finished per client: Markdown or
// HTML (apply_markdown), avatar URL or null (client_gravatar), the empty topic or its display
// name (empty_topic_name). The send builds the template from what it holds (the row it wrote,
// the realm's cached state, the widget it started: messageTemplate), and the bus carries it
// whole, so no process reads a new message back. loadMessageTemplate reads one back where
// nothing is held: queues restored after a restart, outgoing webhook calls.
import type { ChatDb, DictMessage } from "../store/schema.js";
import { EMPTY_TOPIC_DISPLAY_NAME } from "../lib/topics.js";
import { isGravatarUrl } from "../lib/avatars.js";
import { EMAIL_VISIBLE_EVERYONE } from "../lib/email-visibility.js";
import { presentMessage } from "../present/message.js";
import { messageRow, recipientMembers } from "../store/messages.js";
import { stateCache, type RealmState } from "../store/realm-state.js";
import { submessagesByMessage, type Submessage } from "../store/submessages.js";
import type { ClientDescriptor } from "./client.js";

export interface MessageTemplate {
  type: "message";
  /** as for apply_markdown=true, client_gravatar=false, empty_topic_name=true */
  message: Record<string, unknown>;
  raw_content: string;
  /** channel messages: the channel's name, and whether it is private */
  stream_name?: string;
  invite_only?: boolean;
  sender_queue_id?: string;
  local_id?: string;
  /** false when not everyone may see the sender's address: no client can compute their Gravatar */
  sender_email_public?: boolean;
}

export function finalizeMessage(template: MessageTemplate, client: ClientDescriptor): Record<string, unknown> {
  const dict = { ...template.message };
  if (!client.applyMarkdown) {
    dict.content = template.raw_content;
    dict.content_type = "text/x-markdown";
  }
  // client_gravatar clients compute Gravatars themselves, from an address they can see;
  // uploaded avatars keep their URL.
  if (client.clientGravatar && template.sender_email_public !== false && isGravatarUrl(dict.avatar_url)) dict.avatar_url = null;
  if (dict.type === "stream" && dict.subject === "" && !client.capabilities.emptyTopicName) dict.subject = EMPTY_TOPIC_DISPLAY_NAME;
  return dict;
}

/** Reads a committed message back into a template (where nothing of its send is held). */
export async function loadMessageTemplate(db: ChatDb, messageId: number): Promise<{ template: MessageTemplate; realmId: number } | undefined> {
  const row = await messageRow(db, messageId);
  if (!row) return undefined;
  const isStream = row.stream_id !== null;
  // The realm, its users and channels come from the realm-state cache (store/realm-state.ts):
  // its version is read after the message's commit, so it shows at least that commit.
  const [state, members, submessages] = await Promise.all([
    stateCache(db)
      .generation()
      .then((generation) => generation.realm(row.realm_id)),
    isStream ? Promise.resolve(new Map<number, number[]>()) : recipientMembers(db, [row.recipient_id]),
    // Only a widget message can have submessages when it is sent.
    row.content.startsWith("/") ? submessagesByMessage(db, [row.id]) : undefined,
  ]);
  if (!state) return undefined;
  const template = messageTemplate(row, { state, dmMembers: members, submessages });
  return { template, realmId: row.realm_id };
}

/** What a message's template is made of besides its row. */
export interface TemplateSources {
  /** the realm's state: its users (sender, direct-message recipients) and channels */
  state: RealmState;
  /** a direct message's participants, by recipient id (display_recipient) */
  dmMembers: Map<number, number[]>;
  /** the widget submessages, by message id (absent: none) */
  submessages?: Map<number, Submessage[]>;
}

/** The template of a message, from its row and what it is made of. */
export function messageTemplate(row: DictMessage & { realm_id: number }, sources: TemplateSources): MessageTemplate {
  const { state } = sources;
  const stream = row.stream_id !== null ? state.streams.get(row.stream_id) : undefined;
  const lookups = {
    realmStringId: state.realm.string_id ?? "",
    users: state.usersById,
    streams: new Map(stream ? [[stream.id, stream]] : []),
    dmMembers: sources.dmMembers,
    reactions: new Map(),
    submessages: sources.submessages,
  };
  const message = presentMessage(row, lookups, { applyMarkdown: true, clientGravatar: false, allowEmptyTopicName: true });
  const template: MessageTemplate = { type: "message", message, raw_content: row.content };
  if (state.usersById.get(row.sender_id)?.email_address_visibility !== EMAIL_VISIBLE_EVERYONE) template.sender_email_public = false;
  if (stream) Object.assign(template, { stream_name: stream.name, invite_only: Boolean(stream.invite_only) });
  return template;
}
