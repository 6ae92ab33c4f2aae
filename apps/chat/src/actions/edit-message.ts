// Editing a message: content (sender only, within the realm's time limit), topic and channel
// moves (by group permission, within the move time limits) with propagate_mode, and the edit
// history entry each edit leaves. Deleting is in delete-message.ts.
import { createHash } from "node:crypto";
import type { ChatDeps } from "../deps.js";
import { BadRequestError, ExpectationMismatchError } from "../http/errors.js";
import { FLAG_BITS } from "../lib/message-flags.js";
import type { PendingEvent } from "../lib/events.js";
import { editAudience } from "../events/message-events.js";
import { moveAudience, planChannelMove } from "../events/move-events.js";
import { addUserMessageRows, channelMembers, deleteUserMessageRows, messageHolders } from "../store/message-moves.js";
import { parseEditHistory, type EditHistoryEntry } from "../lib/edit-history.js";
import { isModerator } from "../lib/roles.js";
import { checkTopicAllowed, effectiveTopicsPolicy, topicKey } from "../lib/topics.js";
import { messagesByIds, streamRecipientId, topicMessageIds, updateMessages, type Message, messageRecipientFlags } from "../store/messages.js";
import { moveUserTopics } from "../store/user-topics.js";
import type { Stream } from "../store/streams.js";
import { checkChannelSend } from "./send-message.js";
import { inGroupSetting, type MessageScope } from "./message-context.js";
import { postMoveNotices } from "./move-notices.js";
import { checkMayResolve, checkResolvableTopic, postResolveNotice, resolveToggle } from "./resolve-notices.js";
import { renderForRealm } from "./render.js";
import { EDIT_LIMIT_BUFFER_SECONDS, pastLimit } from "../lib/edit-limits.js";
import { publish } from "./publish.js";


export type PropagateMode = "change_one" | "change_later" | "change_all";

export interface EditRequest {
  scope: MessageScope;
  message: Message;
  content?: string;
  topic?: string;
  stream?: Stream;
  propagateMode: PropagateMode;
  prevContentSha256?: string;
  now: number;
  /** send_notification_to_old_thread / _new_thread (moves only) */
  notifyOldThread?: boolean;
  notifyNewThread?: boolean;
}

const noPermission = () => new BadRequestError("You don't have permission to edit this message");

function mayMoveWithin(scope: MessageScope, stream: Stream): boolean {
  const { user, graph } = scope;
  return inGroupSetting(scope, user.id, "can_move_messages_between_topics_group") || graph.isMember(user.id, stream.can_move_messages_within_channel_group);
}

function mayMoveOut(scope: MessageScope, stream: Stream): boolean {
  return inGroupSetting(scope, scope.user.id, "can_move_messages_between_channels_group") || scope.graph.isMember(scope.user.id, stream.can_move_messages_out_of_channel_group);
}

/**
 * Whether the user may edit the message's content (Zulip's validate_user_can_edit_message):
 * editing allowed in the realm, their own message, within the time limit plus `bufferSeconds`.
 */
export function checkCanEditContent(scope: MessageScope, message: Message, now: number, bufferSeconds: number): void {
  const settings = scope.settings;
  if (!settings.allow_message_editing) throw new BadRequestError("Your organization has turned off message editing");
  if (message.sender_id !== scope.user.id) throw noPermission();
  const limit = settings.message_content_edit_limit_seconds;
  if (limit !== null && now - message.date_sent > (limit + bufferSeconds) * 1000) throw new BadRequestError("The time limit for editing this message has passed");
}

/** Validates the edit; returns the ids it applies to. */
export async function checkEditMessage(deps: ChatDeps, req: EditRequest): Promise<number[]> {
  const { scope, message } = req;
  const settings = scope.settings;
  const isChannel = message.stream_id !== null;
  if (req.content !== undefined) {
    checkCanEditContent(scope, message, req.now, EDIT_LIMIT_BUFFER_SECONDS);
    if (req.prevContentSha256 !== undefined && createHash("sha256").update(message.content).digest("hex") !== req.prevContentSha256) throw new ExpectationMismatchError("prev_content_sha256");
  }
  if (!isChannel && (req.topic !== undefined || req.stream !== undefined)) {
    throw new BadRequestError(req.stream ? "Direct messages cannot be moved to channels." : "Direct messages cannot have topics.");
  }
  if (isChannel && (req.topic !== undefined || req.stream !== undefined)) {
    if (req.topic !== undefined) checkResolvableTopic(req.topic);
    const source = scope.streams.get(message.stream_id!)!;
    const moderator = isModerator(scope.user);
    if (req.topic !== undefined && req.topic !== message.topic) {
      const resolving = resolveToggle(message.topic, req.topic) !== null;
      if (resolving) checkMayResolve(scope, source, req.stream ?? source);
      else if (!mayMoveWithin(scope, source)) throw noPermission();
      if (!moderator && !resolving && pastLimit(message.date_sent, settings.move_messages_within_stream_limit_seconds, req.now)) throw new BadRequestError("The time limit for editing this message's topic has passed.");
    }
    if (req.stream !== undefined && req.stream.id !== source.id) {
      if (!mayMoveOut(scope, source)) throw new BadRequestError("You don't have permission to move this message");
      checkChannelSend(scope, req.stream, scope.user);
      if (!moderator && pastLimit(message.date_sent, settings.move_messages_between_streams_limit_seconds, req.now)) throw new BadRequestError("The time limit for editing this message's channel has passed.");
    }
    const destination = req.stream ?? source;
    checkTopicAllowed(req.topic ?? message.topic, effectiveTopicsPolicy(destination.topics_policy, settings.topics_policy));
  }
  if (req.propagateMode === "change_one" || !isChannel) return [message.id];
  return topicMessageIds(deps.db, message.stream_id!, message.topic_key, req.propagateMode === "change_later" ? message.id : undefined);
}

export async function doEditMessage(deps: ChatDeps, req: EditRequest, ids: number[]): Promise<{ events: PendingEvent[] }> {
  const { scope, message, now } = req;
  const editor = scope.user.id;
  const timestamp = Math.floor(now / 1000);
  const rendered = req.content !== undefined ? await renderForRealm(deps, scope, req.content, message.sender_id) : undefined;
  const topicChanged = req.topic !== undefined && req.topic !== message.topic;
  const streamChanged = req.stream !== undefined && req.stream.id !== message.stream_id;
  const moved = await messagesByIds(deps.db, ids);
  // A move to another channel changes who may read the messages (see move-events.ts).
  const members = streamChanged ? { old: await channelMembers(deps.db, message.stream_id!), new: await channelMembers(deps.db, req.stream!.id) } : undefined;
  const plan = members ? planChannelMove(members.old, members.new, req.stream!) : undefined;

  const stamp = await deps.db.transaction().execute(async (trx) => {
    const recipientId = streamChanged ? await streamRecipientId(trx, scope.realm.id, req.stream!.id) : undefined;
    for (const m of moved) {
      const entry: EditHistoryEntry = { user_id: editor, timestamp };
      const changes: Parameters<typeof updateMessages>[3] = {};
      if (m.id === message.id && rendered) {
        entry.prev_content = m.content;
        entry.prev_rendered_content = m.rendered_content;
        Object.assign(changes, {
          content: req.content,
          rendered_content: rendered.html,
          last_edit_time: now,
          has_link: rendered.hasLink ? 1 : 0,
          has_image: rendered.hasImage ? 1 : 0,
          has_attachment: rendered.hasAttachment ? 1 : 0,
          is_me_message: rendered.isMeMessage ? 1 : 0,
        });
      }
      if (topicChanged) {
        entry.prev_topic = m.topic;
        entry.topic = req.topic;
        Object.assign(changes, { topic: req.topic, topic_key: topicKey(req.topic!), last_moved_time: now });
      }
      if (streamChanged) {
        entry.prev_stream = m.stream_id!;
        entry.stream = req.stream!.id;
        Object.assign(changes, { stream_id: req.stream!.id, recipient_id: recipientId, last_moved_time: now });
      }
      changes.edit_history = JSON.stringify([entry, ...parseEditHistory(m.edit_history)]);
      await updateMessages(trx, deps.dialect, [m.id], changes);
    }
    if (rendered) {
      // Mentions added by the edit flag their users; the old mention flags are recomputed.
      const mentioned = new Set(rendered.mentionedUserIds);
      const rows = await messageRecipientFlags(trx, message.id);
      for (const row of rows) {
        let flags = row.flags & ~(FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned);
        if (mentioned.has(row.user_id)) flags |= FLAG_BITS.mentioned;
        if (rendered.streamWildcard) flags |= FLAG_BITS.stream_wildcard_mentioned;
        if (rendered.topicWildcard) flags |= FLAG_BITS.topic_wildcard_mentioned;
        if (flags !== row.flags) await trx.updateTable("user_messages").set({ flags }).where("user_id", "=", row.user_id).where("message_id", "=", message.id).execute();
      }
    }
    if (plan) {
      // The only flag a gained row can carry is read (no re-rendering, so no new mentions).
      await addUserMessageRows(trx, plan.gainingRows, ids, FLAG_BITS.read);
      await deleteUserMessageRows(trx, plan.losingRows, ids);
    }
    if ((topicChanged || streamChanged) && req.propagateMode === "change_all") {
      const to = req.stream?.id ?? message.stream_id!;
      const name = req.topic ?? message.topic;
      await moveUserTopics(trx, { streamId: message.stream_id!, topicKey: message.topic_key }, { streamId: to, topicKey: topicKey(name), topicName: name });
    }
    return deps.events.stamp(trx);
  });

  const event: Record<string, unknown> = { type: "update_message", user_id: editor, edit_timestamp: timestamp, message_id: message.id, message_ids: ids, rendering_only: false };
  if (message.stream_id !== null) Object.assign(event, { stream_id: message.stream_id, stream_name: scope.streams.get(message.stream_id)?.name });
  if (rendered) Object.assign(event, { orig_content: message.content, orig_rendered_content: message.rendered_content, content: req.content, rendered_content: rendered.html, is_me_message: rendered.isMeMessage });
  if (topicChanged || streamChanged) Object.assign(event, { propagate_mode: req.propagateMode, orig_subject: message.topic });
  if (topicChanged) Object.assign(event, { subject: req.topic, topic_links: [] });
  if (streamChanged) event.new_stream_id = req.stream!.id;
  // Each recipient gets its own flags for the message (Zulip's do_update_message).
  const events: PendingEvent[] = [];
  if (plan && plan.losingAccess.length) {
    // To those who can no longer read them, the moved messages are gone.
    const deleted = { type: "delete_message", message_ids: ids, message_type: "stream", stream_id: message.stream_id, topic: message.topic };
    events.push({ event: deleted, users: plan.losingAccess, stamp, realmId: message.realm_id });
  }
  const audience = plan ? moveAudience(await messageHolders(deps.db, message.id), members!.old, members!.new, scope.streams.get(message.stream_id!)!, plan) : await editAudience(deps.db, message.id, message.stream_id);
  events.push({ event, users: audience, stamp, realmId: message.realm_id });
  publish(deps, events);
  if (topicChanged && !streamChanged && !rendered) await postResolveNotice(deps, { scope, stream: scope.streams.get(message.stream_id!)!, oldTopic: message.topic, newTopic: req.topic!, now });
  if (topicChanged || streamChanged) await postMoveNotices(deps, { scope, message, topic: req.topic, stream: req.stream, ids, notifyOldThread: req.notifyOldThread ?? false, notifyNewThread: req.notifyNewThread ?? true, now });
  return { events };
}
