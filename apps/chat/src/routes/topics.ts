// GET /users/me/{stream_id}/topics, POST /user_topics and the deprecated muted-topics endpoint.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, oneOf } from "../http/validators.js";
import { doSetUserTopic } from "../actions/user-topics.js";
import { canReadChannelHistory, channelVisible, messageScope, type MessageScope } from "../actions/message-context.js";
import { displayTopic, normalizeTopic } from "../lib/topics.js";
import { VISIBILITY_INHERIT, VISIBILITY_MUTED } from "../store/user-topics.js";
import { pathId } from "./access.js";
import { latestTopicMessages } from "../store/messages.js";

function accessChannel(scope: MessageScope, id: number | undefined) {
  const stream = id === undefined ? undefined : scope.streams.get(id);
  if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
  return stream;
}

export function register(api: Api): void {
  const { deps } = api;
  const { db } = deps;

  api.user("GET", "/users/me/:stream_id/topics", async (ctx) => {
    const allowEmpty = ctx.params.withDefault("allow_empty_topic_name", json(bool), false);
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const stream = accessChannel(scope, pathId(ctx.path.stream_id));
    // The newest message of each topic the user may see; the name is that message's spelling.
    const rows = await latestTopicMessages(db, stream.id, canReadChannelHistory(scope, stream) ? null : ctx.user.id);
    return { topics: rows.map((r) => ({ max_id: r.id, name: displayTopic(r.topic, allowEmpty) })) };
  });

  api.user("POST", "/user_topics", async (ctx) => {
    const streamId = ctx.params.required("stream_id", json(int()));
    const topic = normalizeTopic(ctx.params.required("topic", raw({ ownNulCheck: true })));
    const policy = ctx.params.required("visibility_policy", json(oneOf([0, 1, 2, 3])));
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const stream = accessChannel(scope, streamId);
    await doSetUserTopic(deps, ctx.user.id, stream.id, topic, policy);
    return {};
  });

  api.user("PATCH", "/users/me/subscriptions/muted_topics", async (ctx) => {
    const streamId = ctx.params.optional("stream_id", json(int()));
    const streamName = ctx.params.optional("stream", raw());
    const topic = normalizeTopic(ctx.params.required("topic", raw({ ownNulCheck: true })));
    const op = ctx.params.required("op", raw());
    if (streamId === undefined && streamName === undefined) throw new BadRequestError("Please supply 'stream'.");
    if (streamId !== undefined && streamName !== undefined) throw new BadRequestError("Please choose one: 'stream' or 'stream_id'.");
    if (op !== "add" && op !== "remove") throw new BadRequestError("Invalid op");
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const id = streamId ?? [...scope.streams.values()].find((s) => s.name_key === streamName!.trim().toLowerCase())?.id;
    const stream = accessChannel(scope, id);
    // Idempotent since Zulip 7.0 (FL 169): muting a muted topic or unmuting another one succeeds.
    await doSetUserTopic(deps, ctx.user.id, stream.id, topic, op === "add" ? VISIBILITY_MUTED : VISIBILITY_INHERIT);
    return {};
  });
}
