// POST /streams/{stream_id}/delete_topic.
import { guarded, handler } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { required } from "../http/declare.js";
import { raw } from "../http/params.js";
import { doDeleteTopic } from "../actions/delete-topic.js";
import { channelVisible, messageScope } from "../actions/message-context.js";
import { EMPTY_TOPIC_DISPLAY_NAME } from "../lib/topics.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

export const deleteTopic = guarded(
  requireAdmin,
  handler({ name: required("topic_name", raw()) }, async (ctx, { name }) => {
    const { deps } = ctx;
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const id = pathId(ctx.path.stream_id);
    const stream = id === undefined ? undefined : scope.streams.get(id);
    if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
    // maybe_rename_general_chat_to_empty_topic: the display name stands for the empty topic.
    const topic = name === EMPTY_TOPIC_DISPLAY_NAME ? "" : name;
    return doDeleteTopic(deps, scope, stream, topic);
  }),
);
