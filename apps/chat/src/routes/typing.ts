// POST /typing: typing started or stopped, in a direct message conversation or a channel topic.
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, list, oneOf } from "../http/validators.js";
import { doSendChannelTyping, doSendDirectTyping } from "../actions/typing.js";
import { channelVisible, messageScope } from "../actions/message-context.js";
import { checkChannelSend } from "../actions/send-message.js";
import { normalizeTopic } from "../lib/topics.js";
import { usersByIds } from "../store/users.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("POST", "/typing", async (ctx) => {
    const { params, user, realm } = ctx;
    const type = params.withDefault("type", raw(), "direct");
    const op = params.required("op", raw());
    const to = params.optional("to", json(list(int())));
    const streamId = params.optional("stream_id", json(int()));
    const topicRaw = params.optional("topic", raw());
    oneOf(["direct", "stream", "channel"] as const)(type, "type");
    const operator = oneOf(["start", "stop"] as const)(op, "op");

    if (type === "stream" || type === "channel") {
      if (streamId === undefined) throw new BadRequestError("Missing stream_id");
      if (topicRaw === undefined) throw new BadRequestError("Missing topic");
      const scope = await messageScope(deps, realm, user);
      const stream = scope.streams.get(streamId);
      if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
      checkChannelSend(scope, stream, user);
      await doSendChannelTyping(deps, user, stream, normalizeTopic(topicRaw), operator);
      return {};
    }
    if (to === undefined) throw new BadRequestError("Missing 'to' argument");
    if (to.length === 0) throw new BadRequestError("Empty 'to' list");
    const ids = to.includes(user.id) ? [...to] : [...to, user.id];
    const found = new Map((await usersByIds(deps.db, realm.id, ids)).map((u) => [u.id, u]));
    const recipients = ids.map((id) => {
      const target = found.get(id);
      if (!target) throw new BadRequestError(`Invalid user ID ${id}`);
      return target;
    });
    doSendDirectTyping(deps, user, recipients, operator);
    return {};
  });
}
