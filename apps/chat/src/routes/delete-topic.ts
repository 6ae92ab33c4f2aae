// POST /streams/{stream_id}/delete_topic.
import type { Api } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin } from "../http/errors.js";
import { raw } from "../http/params.js";
import { doDeleteTopic } from "../actions/delete-topic.js";
import { channelVisible, messageScope } from "../actions/message-context.js";
import { isAdmin } from "../lib/roles.js";
import { EMPTY_TOPIC_DISPLAY_NAME } from "../lib/topics.js";
import { pathId } from "./access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/streams/:stream_id/delete_topic", async (ctx) => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    const name = ctx.params.required("topic_name", raw());
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const id = pathId(ctx.path.stream_id);
    const stream = id === undefined ? undefined : scope.streams.get(id);
    if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
    // maybe_rename_general_chat_to_empty_topic: the display name stands for the empty topic.
    const topic = name === EMPTY_TOPIC_DISPLAY_NAME ? "" : name;
    return doDeleteTopic(deps, scope, stream, topic);
  });
}
