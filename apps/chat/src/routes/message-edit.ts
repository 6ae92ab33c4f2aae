// PATCH and DELETE /messages/{message_id}, GET /messages/{message_id}/history.
import type { Api } from "../http/endpoint.js";
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

export function register(api: Api): void {
  const { deps } = api;

  api.user("PATCH", "/messages/:message_id", async (ctx) => {
    const { params } = ctx;
    const topicRaw = params.optional("topic", raw({ ownNulCheck: true }), ["subject"]);
    const streamId = params.optional("stream_id", json(int()));
    const propagateMode = params.withDefault("propagate_mode", raw(), "change_one");
    const notifyOldThread = params.withDefault("send_notification_to_old_thread", json(bool), false);
    const notifyNewThread = params.withDefault("send_notification_to_new_thread", json(bool), true);
    const contentRaw = params.optional("content", raw({ ownNulCheck: true }));
    const prevContentSha256 = params.optional("prev_content_sha256", raw());
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
  });

  api.user("DELETE", "/messages/:message_id", async (ctx) => {
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    checkDeleteMessage(scope, message, deps.clock.now().getTime());
    await doDeleteMessage(deps, scope, message);
    return {};
  });

  api.user("GET", "/messages/:message_id/history", async (ctx) => {
    const allowEmptyTopicName = ctx.params.withDefault("allow_empty_topic_name", json(bool), false);
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    if (scope.settings.message_edit_history_visibility_policy === "none") throw new BadRequestError("Message edit history is disabled in this organization");
    const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
    const state = { ...message, date_sent: Math.floor(message.date_sent / 1000) };
    return { message_history: editHistorySnapshots(state, parseEditHistory(message.edit_history), allowEmptyTopicName) };
  });
}
