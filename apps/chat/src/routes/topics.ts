// GET /users/me/{stream_id}/topics, POST /user_topics and the deprecated muted-topics endpoint.
import { handler } from "../http/endpoint.js";
import { optional, refine, required, withDefault } from "../http/declare.js";
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

export const channelTopics = handler({ allowEmpty: withDefault("allow_empty_topic_name", json(bool), false) }, async (ctx, { allowEmpty }) => {
  const { deps } = ctx;
  const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
  const stream = accessChannel(scope, pathId(ctx.path.stream_id));
  // The newest message of each topic the user may see; the name is that message's spelling.
  const rows = await latestTopicMessages(deps.db, stream.id, canReadChannelHistory(scope, stream) ? null : ctx.user.id);
  return { topics: rows.map((r) => ({ max_id: r.id, name: displayTopic(r.topic, allowEmpty) })) };
});

const topic = refine(required("topic", raw({ ownNulCheck: true })), normalizeTopic);

export const setUserTopic = handler(
  { streamId: required("stream_id", json(int())), topic, policy: required("visibility_policy", json(oneOf([0, 1, 2, 3]))) },
  async (ctx, { streamId, topic, policy }) => {
    const scope = await messageScope(ctx.deps, ctx.realm, ctx.user, ctx.state);
    const stream = accessChannel(scope, streamId);
    await doSetUserTopic(ctx.deps, ctx.user.id, stream.id, topic, policy);
    return {};
  },
);

export const muteTopic = handler(
  { streamId: optional("stream_id", json(int())), streamName: optional("stream", raw()), topic, op: required("op", raw()) },
  async (ctx, { streamId, streamName, topic, op }) => {
    if (streamId === undefined && streamName === undefined) throw new BadRequestError("Please supply 'stream'.");
    if (streamId !== undefined && streamName !== undefined) throw new BadRequestError("Please choose one: 'stream' or 'stream_id'.");
    if (op !== "add" && op !== "remove") throw new BadRequestError("Invalid op");
    const scope = await messageScope(ctx.deps, ctx.realm, ctx.user, ctx.state);
    const id = streamId ?? [...scope.streams.values()].find((s) => s.name_key === streamName!.trim().toLowerCase())?.id;
    const stream = accessChannel(scope, id);
    // Idempotent since Zulip 7.0 (FL 169): muting a muted topic or unmuting another one succeeds.
    await doSetUserTopic(ctx.deps, ctx.user.id, stream.id, topic, op === "add" ? VISIBILITY_MUTED : VISIBILITY_INHERIT);
    return {};
  },
);
