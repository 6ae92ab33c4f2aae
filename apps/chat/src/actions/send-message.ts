// Sending a message: checkSendMessage validates and renders (permissions, topic policy,
// direct-message policy, wildcard and group mentions), doSendMessage writes the message, every
// recipient's flags and the sender's automatic topic visibility in one transaction.
import type { ChatDeps } from "../deps.js";
import type { ChatDb } from "../store/schema.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { FLAG_BITS, flagNames } from "../lib/message-flags.js";
import type { PendingEvent } from "../lib/events.js";
import type { RenderedMessage } from "../lib/rendering.js";
import { checkTopicAllowed, effectiveTopicsPolicy, topicKey } from "../lib/topics.js";
import { isGuest } from "../lib/roles.js";
import { dmRecipientId, hasConversation, topicExists, topicParticipants } from "../store/messages.js";
import type { Stream } from "../store/streams.js";
import { userMessageSettings, AUTO_POLICY_INITIATION, AUTO_POLICY_PARTICIPATION, AUTO_POLICY_SEND } from "../store/message-settings.js";
import { userTopicPolicies, VISIBILITY_FOLLOWED, VISIBILITY_INHERIT, VISIBILITY_MUTED, VISIBILITY_UNMUTED } from "../store/user-topics.js";
import type { User } from "../store/users.js";
import { inGroupSetting, subscribed, type MessageScope } from "./message-context.js";
import { renderForRealm } from "./render.js";
import { claimAttachments, notifyClaimed } from "./uploads.js";
import { sqliteMessageQueue } from "./message-queue.js";
import { runSendWrite, type MessageWrite, type SendWritten } from "../store/message-write.js";
import { messageTemplate } from "../events/message-template.js";
import type { CommitStamp } from "../events/stamp.js";
import { groupsByIds } from "../store/groups.js";
import type { Attachment } from "../store/attachments.js";
import { mutersOf } from "../store/muted-users.js";
import { addWidgetSubmessage } from "./submessages.js";
import { queueOutgoingWebhooks } from "./outgoing-webhook-triggers.js";
import { publish } from "./publish.js";

/** Channels or topics with more subscribers or participants than this need permission for wildcards. */
export const WILDCARD_MENTION_THRESHOLD = 15;

export type SendTarget = { kind: "stream"; stream: Stream; topic: string } | { kind: "private"; recipients: User[] };

export interface SendInput {
  scope: MessageScope;
  target: SendTarget;
  /** already normalized (normalizeContent) */
  content: string;
  client: string;
  readBySender?: boolean;
  now: number;
  queueId?: string;
  localId?: string;
  /** notification-bot messages skip the sender's permission checks */
  internal?: boolean;
  /** runs inside the send's transaction: a scheduled delivery marks its row delivered atomically, or throws to undo the send */
  inTransaction?: (trx: ChatDb, messageId: number) => Promise<void>;
}

export interface CheckedMessage {
  input: SendInput;
  rendered: RenderedMessage;
  /** user id -> flags bitmask, the sender included */
  flags: Map<number, number>;
  /** direct-message participants, sorted (the sender included) */
  dmUserIds?: number[];
  /**
   * Whether the channel message starts its topic, when the check had to know (the sender may
   * not create topics); else doSendMessage asks, and only if the sender's policies depend on it.
   */
  topicIsNew?: boolean;
}

export interface SendResult {
  id: number;
  automaticNewVisibilityPolicy?: number;
  events: PendingEvent[];
}

export class WildcardMentionError extends ZulipError {
  constructor(kind: "stream" | "topic") {
    super(
      kind === "stream" ? "You do not have permission to use channel wildcard mentions in this channel." : "You do not have permission to use topic wildcard mentions in this topic.",
      { code: kind === "stream" ? "STREAM_WILDCARD_MENTION_NOT_ALLOWED" : "TOPIC_WILDCARD_MENTION_NOT_ALLOWED" },
    );
  }
}

function defaultReadBySender(client: string): boolean {
  // compat: Client.default_read_by_sender: messages from full UI clients count as read.
  const name = client.toLowerCase();
  return ["zulipandroid", "zulipios", "zulipdesktop", "zulipmobile", "zulipelectron", "zulipterminal", "snipe", "website", "ios", "android"].includes(name) || name.includes("desktop app");
}

export function checkChannelSend(scope: MessageScope, stream: Stream, sender: User): void {
  const denied = () => new BadRequestError(`Not authorized to send to channel '${stream.name}'`);
  if (stream.deactivated) throw denied();
  if ((stream.invite_only || isGuest(sender)) && !subscribed(scope, stream.id)) throw denied();
  const mayPost = scope.graph.isMember(sender.id, stream.can_send_message_group) || (sender.is_bot && sender.bot_owner_id !== null && scope.graph.isMember(sender.bot_owner_id, stream.can_send_message_group));
  if (!mayPost) throw new BadRequestError("You do not have permission to post in this channel.");
}

async function checkDirectMessage(deps: ChatDeps, scope: MessageScope, sender: User, recipients: User[], participants: number[]): Promise<void> {
  for (const r of recipients) if (!r.is_active) throw new BadRequestError(`'${r.email}' is no longer using Zulip.`);
  if (sender.is_bot || recipients.every((r) => r.id === sender.id || r.is_bot)) return;
  const permission = scope.realmSettings.direct_message_permission_group;
  if (permission !== undefined) {
    if (scope.graph.group(permission)?.name === "role:nobody") throw new BadRequestError("Direct messages are disabled in this organization.");
    const humans = [sender, ...recipients].filter((u) => !u.is_bot);
    if (!humans.some((u) => scope.graph.isMember(u.id, permission))) {
      throw new BadRequestError("This conversation does not include any users who can authorize it.");
    }
  }
  if (!inGroupSetting(scope, sender.id, "direct_message_initiator_group")) {
    const recipientId = await dmRecipientId(deps.db, scope.realm.id, participants, false);
    if (recipientId === undefined || !(await hasConversation(deps.db, recipientId))) {
      throw new BadRequestError("You do not have permission to initiate direct message conversations.");
    }
  }
}

async function checkGroupMentions(deps: ChatDeps, scope: MessageScope, sender: User, groupIds: number[]): Promise<void> {
  if (!groupIds.length) return;
  const groups = await groupsByIds(deps.db, groupIds);
  for (const group of groups) {
    if (group.can_mention_group !== null && !scope.graph.isMember(sender.id, group.can_mention_group)) {
      throw new BadRequestError(`You are not allowed to mention user group '${group.name}'.`);
    }
  }
}

export async function checkSendMessage(deps: ChatDeps, input: SendInput): Promise<CheckedMessage> {
  const { scope, target } = input;
  const sender = scope.user;
  const flags = new Map<number, number>();
  let dmUserIds: number[] | undefined;
  let topicIsNew: boolean | undefined;
  let topicWildcardUsers: number[] = [];
  let subscriberCount = 0;

  if (target.kind === "stream") {
    const { stream, topic } = target;
    if (!input.internal) checkChannelSend(scope, stream, sender);
    checkTopicAllowed(topic, effectiveTopicsPolicy(stream.topics_policy, scope.settings.topics_policy));
    if (!input.internal && !scope.graph.isMember(sender.id, stream.can_create_topic_group)) {
      topicIsNew = !(await topicExists(deps.db, stream.id, topicKey(topic)));
      if (topicIsNew) throw new BadRequestError("You do not have permission to create new topics in this channel.");
    }
    const subscribers = await scope.cache.subscribersOf(stream.id);
    subscriberCount = subscribers.length;
    for (const id of subscribers) flags.set(id, 0);
  } else {
    const ids = target.recipients.map((u) => u.id);
    dmUserIds = [...new Set([sender.id, ...ids])].sort((a, b) => a - b);
    if (!input.internal) await checkDirectMessage(deps, scope, sender, target.recipients, dmUserIds);
    for (const id of dmUserIds) flags.set(id, FLAG_BITS.is_private);
  }
  if (!flags.has(sender.id)) flags.set(sender.id, target.kind === "private" ? FLAG_BITS.is_private : 0);

  const rendered = await renderForRealm(deps, scope, input.content);
  const mayMentionMany = input.internal || inGroupSetting(scope, sender.id, "can_mention_many_users_group");
  if (rendered.streamWildcard && target.kind === "stream" && subscriberCount > WILDCARD_MENTION_THRESHOLD && !mayMentionMany) throw new WildcardMentionError("stream");
  if (rendered.topicWildcard && target.kind === "stream") {
    topicWildcardUsers = await topicParticipants(deps.db, target.stream.id, topicKey(target.topic));
    if (topicWildcardUsers.length > WILDCARD_MENTION_THRESHOLD && !mayMentionMany) throw new WildcardMentionError("topic");
  }
  if (!input.internal) await checkGroupMentions(deps, scope, sender, rendered.mentionedGroupIds);

  const mentioned = new Set(rendered.mentionedUserIds);
  for (const groupId of rendered.mentionedGroupIds) for (const id of scope.graph.members(groupId)) mentioned.add(id);
  const topicParticipantsSet = new Set(topicWildcardUsers);
  for (const [id, bits] of flags) {
    let next = bits;
    if (mentioned.has(id)) next |= FLAG_BITS.mentioned;
    if (rendered.streamWildcard) next |= FLAG_BITS.stream_wildcard_mentioned;
    if (rendered.topicWildcard && (target.kind === "private" || topicParticipantsSet.has(id))) next |= FLAG_BITS.topic_wildcard_mentioned;
    flags.set(id, next);
  }
  // Users who muted the sender receive the message already read (actions/muted-users.ts).
  for (const id of await mutersOf(deps.db, sender.id)) if (flags.has(id)) flags.set(id, flags.get(id)! | FLAG_BITS.read);
  if (input.readBySender ?? defaultReadBySender(input.client)) flags.set(sender.id, flags.get(sender.id)! | FLAG_BITS.read);
  return { input, rendered, flags, dmUserIds, topicIsNew };
}

/** Whether senderVisibility's answer depends on the topic being new (on-initiation policies). */
function dependsOnTopicIsNew(settings: { automatically_follow_topics_policy: number; automatically_unmute_topics_in_muted_streams_policy: number }, current: number): boolean {
  if (current === VISIBILITY_FOLLOWED) return false;
  return settings.automatically_follow_topics_policy === AUTO_POLICY_INITIATION || settings.automatically_unmute_topics_in_muted_streams_policy === AUTO_POLICY_INITIATION;
}

/** The sender's new visibility policy for the topic, if sending changes it (FL 218). */
function senderVisibility(settings: { automatically_follow_topics_policy: number; automatically_unmute_topics_in_muted_streams_policy: number }, current: number, topicIsNew: boolean, streamMuted: boolean): number | undefined {
  if (current === VISIBILITY_FOLLOWED) return undefined;
  const follow = settings.automatically_follow_topics_policy;
  const unmute = settings.automatically_unmute_topics_in_muted_streams_policy;
  if (topicIsNew && follow === AUTO_POLICY_INITIATION) return VISIBILITY_FOLLOWED;
  if (follow === AUTO_POLICY_SEND || follow === AUTO_POLICY_PARTICIPATION) return VISIBILITY_FOLLOWED;
  const mutedHere = current === VISIBILITY_MUTED || (streamMuted && current === VISIBILITY_INHERIT);
  if (!mutedHere) return undefined;
  if ((topicIsNew && unmute === AUTO_POLICY_INITIATION) || unmute === AUTO_POLICY_SEND || unmute === AUTO_POLICY_PARTICIPATION) return VISIBILITY_UNMUTED;
  return undefined;
}

/** The Kysely write of one send (store/message-write.ts), then the caller's step in its transaction. */
async function writeMessage(trx: ChatDb, deps: ChatDeps, write: MessageWrite, inTransaction: SendInput["inTransaction"]): Promise<SendWritten & { xid?: number }> {
  const written = await runSendWrite(trx, deps.dialect, write);
  if (inTransaction) await inTransaction(trx, written.id);
  return written;
}

export async function doSendMessage(deps: ChatDeps, checked: CheckedMessage): Promise<SendResult> {
  const { input, rendered, flags } = checked;
  const { scope, target } = input;
  const sender = scope.user;
  let automaticNewVisibilityPolicy: number | undefined;

  // Automatic follow/unmute: the sender by their send policies, mentioned users by theirs.
  const visibility = new Map<number, number>();
  if (target.kind === "stream" && !sender.is_bot) {
    const key = topicKey(target.topic);
    const mentioned = [...flags].filter(([id, bits]) => id !== sender.id && bits & FLAG_BITS.mentioned).map(([id]) => id);
    const people = [sender.id, ...mentioned];
    const [settings, current] = await Promise.all([userMessageSettings(deps.db, people), userTopicPolicies(deps.db, people, target.stream.id, key)]);
    const senderSettings = settings.get(sender.id)!;
    const senderCurrent = current.get(sender.id) ?? VISIBILITY_INHERIT;
    // Asked only when the answer can change the sender's policy: most sends skip the read.
    const topicIsNew = checked.topicIsNew ?? (dependsOnTopicIsNew(senderSettings, senderCurrent) && !(await topicExists(deps.db, target.stream.id, key)));
    const own = senderVisibility(senderSettings, senderCurrent, topicIsNew, Boolean(scope.subs.get(target.stream.id)?.is_muted));
    if (own !== undefined && own !== senderCurrent) {
      visibility.set(sender.id, own);
      automaticNewVisibilityPolicy = own;
    }
    for (const id of mentioned) {
      if (settings.get(id)!.automatically_follow_topics_where_mentioned && (current.get(id) ?? VISIBILITY_INHERIT) !== VISIBILITY_FOLLOWED) visibility.set(id, VISIBILITY_FOLLOWED);
    }
  }

  const topic = target.kind === "stream" ? target.topic : "";
  const write: MessageWrite = {
    realmId: scope.realm.id,
    streamId: target.kind === "stream" ? target.stream.id : undefined,
    dmUserIds: checked.dmUserIds,
    message: {
      realm_id: scope.realm.id,
      sender_id: sender.id,
      stream_id: target.kind === "stream" ? target.stream.id : null,
      topic,
      topic_key: topicKey(topic),
      content: input.content,
      rendered_content: rendered.html,
      client: input.client,
      date_sent: input.now,
      last_edit_time: null,
      last_moved_time: null,
      edit_history: null,
      has_link: rendered.hasLink ? 1 : 0,
      has_image: rendered.hasImage ? 1 : 0,
      has_attachment: rendered.hasAttachment ? 1 : 0,
      is_me_message: rendered.isMeMessage ? 1 : 0,
    },
    flags,
    firstInStream: target.kind === "stream" && target.stream.first_message_id === null,
    visibility,
  };
  // What the send writes besides the message, and its events, in the write's transaction where
  // it has one (`db`): the events then go on the bus with it (events/system.ts).
  const finish = async (db: ChatDb, written: SendWritten & { xid?: number }): Promise<{ id: number; claimed: Attachment[]; events: PendingEvent[] }> => {
    const { id } = written;
    // The commit stamp (events/stamp.ts): the transaction's id on PostgreSQL; on SQLite the message's id, as ids follow commit order.
    const stamp: CommitStamp = written.xid !== undefined ? { xid: written.xid } : { messageId: id };
    // Uploads the content links to are claimed once the message exists (Zulip's claim_attachment).
    const claimed = rendered.hasAttachment ? await claimAttachments(db, sender, id, input.content) : [];
    // /poll and /todo messages start a widget; its submessage is in place before the event goes out.
    const widget = input.content.startsWith("/") ? await addWidgetSubmessage(db, id, sender.id, input.content) : undefined;
    const events: PendingEvent[] = [];
    if (target.kind === "stream") {
      for (const [userId, policy] of visibility) {
        events.push({ event: { type: "user_topic", stream_id: target.stream.id, topic_name: target.topic, last_updated: Math.floor(input.now / 1000), visibility_policy: policy }, users: [userId] });
      }
    }
    const names = new Map<number, string[]>();
    const sharedFlagNames = (bits: number) => names.get(bits) ?? names.set(bits, flagNames(bits)).get(bits)!;
    // The event is built from what the send holds, not read back; each queue finishes the
    // message dict as it asks (apply_markdown, client_gravatar: events/message-template.ts).
    const template = messageTemplate(
      { ...write.message, id, recipient_id: written.recipientId },
      { state: scope.state, dmMembers: new Map(checked.dmUserIds ? [[written.recipientId, checked.dmUserIds]] : []), submessages: widget && new Map([[id, [widget]]]) },
    );
    if (input.queueId) template.sender_queue_id = input.queueId;
    if (input.queueId && input.localId !== undefined) template.local_id = input.localId;
    events.push({
      event: template as unknown as Record<string, unknown>,
      // One flag list per distinct bit set, shared (events are never mutated): 10,000
      // recipients mostly have the same flags.
      users: [...flags].map(([userId, bits]) => ({ id: userId, flags: sharedFlagNames(bits) })),
    });
    return { id, claimed, events: events.map((e) => ({ ...e, realmId: scope.realm.id, stamp })) };
  };
  // SQLite: group commit (message-queue.ts), its events emitted after. A send with an
  // inTransaction hook (scheduled delivery) needs a Kysely transaction of its own, as does
  // PostgreSQL, whose bus then carries the events from inside it.
  const queue = input.inTransaction ? undefined : sqliteMessageQueue(deps);
  let sent: Awaited<ReturnType<typeof finish>>;
  if (queue) {
    sent = await finish(deps.db, await queue.submit(write));
    publish(deps, sent.events);
  } else {
    sent = await deps.events.transactionWithEvents(async (trx) => {
      const done = await finish(trx, await writeMessage(trx, deps, write, input.inTransaction));
      return { value: done, events: done.events };
    });
  }
  const { id, events } = sent;
  await notifyClaimed(deps, sent.claimed);
  // Outgoing webhook bots mentioned or messaged: an outbox row each, called by a worker.
  // A channel message can only trigger the bots it mentions: look at those, not at every subscriber.
  if (!sender.is_bot && (target.kind === "private" || rendered.mentionedUserIds.length || rendered.mentionedGroupIds.length)) {
    const candidates = target.kind === "private" ? [...flags.keys()] : [...rendered.mentionedUserIds, ...rendered.mentionedGroupIds.flatMap((g) => [...scope.graph.members(g)])];
    await queueOutgoingWebhooks(deps, { realmId: scope.realm.id, sender, isStream: target.kind === "stream", messageId: id, flags, candidates, users: scope.state.usersById, now: input.now });
  }
  return { id, automaticNewVisibilityPolicy, events };
}
