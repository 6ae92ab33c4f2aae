// The Notification Bot's breadcrumbs after a topic or channel move (send_message_moved_breadcrumbs):
// a notice in the new thread saying where the messages came from, and, when asked, one in the
// old thread saying where they went. Resolving or unresolving a topic is no move worth a notice
// in the new thread.
import type { ChatDeps } from "../deps.js";
import { realmUrl } from "../config.js";
import { channelMessageUrl } from "../lib/message-urls.js";
import { silentMention, topicLinkSyntax } from "../lib/notice-syntax.js";
import { RESOLVED_TOPIC_PREFIX, topicKey } from "../lib/topics.js";
import { topicExists, topicMessageIds, type Message } from "../store/messages.js";
import type { Stream } from "../store/streams.js";
import type { MessageScope } from "./message-context.js";
import { sendInternalMessage } from "./notification-bot.js";

export interface MoveNoticeRequest {
  scope: MessageScope;
  /** the target message as it was before the move */
  message: Message;
  topic?: string;
  stream?: Stream;
  /** ids of every moved message */
  ids: number[];
  notifyOldThread: boolean;
  notifyNewThread: boolean;
  now: number;
}

const isResolveToggle = (from: string, to: string) =>
  (to.startsWith(RESOLVED_TOPIC_PREFIX) && !from.startsWith(RESOLVED_TOPIC_PREFIX) && to.slice(RESOLVED_TOPIC_PREFIX.length) === from) ||
  (from.startsWith(RESOLVED_TOPIC_PREFIX) && !to.startsWith(RESOLVED_TOPIC_PREFIX) && from.slice(RESOLVED_TOPIC_PREFIX.length) === to);

/** Posts the notices a move asked for; call it after the move has committed. */
export async function postMoveNotices(deps: ChatDeps, req: MoveNoticeRequest): Promise<void> {
  const { scope, message } = req;
  if (message.stream_id === null) return;
  const oldStream = scope.streams.get(message.stream_id)!;
  const newStream = req.stream ?? oldStream;
  const oldTopic = message.topic;
  const newTopic = req.topic ?? oldTopic;
  const streamChanged = newStream.id !== oldStream.id;
  const topicChanged = newTopic !== oldTopic;
  if (!streamChanged && !topicChanged) return;

  const user = silentMention(scope.user);
  const count = req.ids.length;
  const movedAll = !(await topicExists(deps.db, oldStream.id, message.topic_key));
  const send = (stream: Stream, topic: string, content: string) =>
    sendInternalMessage(deps, { realm: scope.realm, target: { kind: "stream", stream, topic }, content, now: req.now, readBy: scope.user.id });

  if (req.notifyNewThread && (streamChanged || !isResolveToggle(oldTopic, newTopic))) {
    const moved = new Set(req.ids);
    const preexisting = (await topicMessageIds(deps.db, newStream.id, topicKey(newTopic))).some((id) => !moved.has(id));
    const from = topicLinkSyntax(oldStream, oldTopic);
    const link = channelMessageUrl(realmUrl(deps.config, scope.realm.string_id), newStream, newTopic, message.id);
    const content =
      !preexisting && movedAll
        ? `This topic was moved here from ${from} by ${user}.`
        : count === 1
          ? `[A message](${link}) was moved here from ${from} by ${user}.`
          : `${count} messages were moved here from ${from} by ${user}.`;
    await send(newStream, newTopic, content);
  }
  if (req.notifyOldThread) {
    const to = topicLinkSyntax(newStream, newTopic);
    const content = movedAll
      ? `This topic was moved to ${to} by ${user}.`
      : count === 1
        ? `A message was moved from this topic to ${to} by ${user}.`
        : `${count} messages were moved from this topic to ${to} by ${user}.`;
    await send(oldStream, oldTopic, content);
  }
}
