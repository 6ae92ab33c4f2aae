// PATCH and DELETE /messages/{message_id}, GET /messages/{message_id}/history.
import { handler, raising } from "../http/endpoint.js";
import { optional, withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import { checkDeleteMessage, doDeleteMessage } from "../actions/delete-message.js";
import { checkEditMessage, doEditMessage, type PropagateMode } from "../actions/edit-message.js";
import { messageScope } from "../actions/message-context.js";
import { editHistorySnapshots, parseEditHistory } from "../lib/edit-history.js";
import { normalizeContent, normalizeTopic } from "../lib/topics.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

const PROPAGATE_MODES = ["change_one", "change_later", "change_all"];

export const editMessage = raising(["EXPECTATION_MISMATCH"], handler(
  {
    topicRaw: optional("topic", raw({ ownNulCheck: true }), { aliases: ["subject"] }),
    streamId: optional("stream_id", json(int())),
    propagateMode: withDefault("propagate_mode", raw(), "change_one"),
    notifyOldThread: withDefault("send_notification_to_old_thread", json(bool), false),
    notifyNewThread: withDefault("send_notification_to_new_thread", json(bool), true),
    contentRaw: optional("content", raw({ ownNulCheck: true })),
    prevContentSha256: optional("prev_content_sha256", raw()),
  },
  async (ctx, { topicRaw, streamId, propagateMode, notifyOldThread, notifyNewThread, contentRaw, prevContentSha256 }) => {
    const { deps } = ctx;
    if (!PROPAGATE_MODES.includes(propagateMode)) throw new BadRequestError("Invalid propagate_mode");
    if (topicRaw === undefined && contentRaw === undefined && streamId === undefined) throw new BadRequestError("Nothing to change");
    if (contentRaw !== undefined && streamId !== undefined) throw new BadRequestError("Cannot change message content while changing channel");
    if (propagateMode !== "change_one" && topicRaw === undefined && streamId === undefined) throw new BadRequestError("Invalid propagate_mode without topic edit");
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    const stream = streamId === undefined ? undefined : scope.streams.get(streamId);
    if (streamId !== undefined && !stream) throw new BadRequestError("Invalid channel ID");
    const request = {
      scope,
      message,
      content: contentRaw === undefined ? undefined : normalizeContent(contentRaw),
      topic: topicRaw === undefined ? undefined : normalizeTopic(topicRaw),
      stream,
      propagateMode: propagateMode as PropagateMode,
      prevContentSha256,
      now: deps.clock.now().getTime(),
      notifyOldThread,
      notifyNewThread,
    };
    const ids = await checkEditMessage(deps, request);
    await doEditMessage(deps, request, ids);
    return { detached_uploads: [] };
  },
));

export const deleteMessage = handler({}, async (ctx) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
  checkDeleteMessage(scope, message, deps.clock.now().getTime());
  await doDeleteMessage(deps, scope, message);
  return {};
});

export const messageHistory = handler({ allowEmptyTopicName: withDefault("allow_empty_topic_name", json(bool), false) }, async (ctx, { allowEmptyTopicName }) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  if (scope.settings.message_edit_history_visibility_policy === "none") throw new BadRequestError("Message edit history is disabled in this organization");
  const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
  const state = { ...message, date_sent: Math.floor(message.date_sent / 1000) };
  return { message_history: editHistorySnapshots(state, parseEditHistory(message.edit_history), allowEmptyTopicName) };
});
