// POST /typing: typing started or stopped, in a direct message conversation or a channel topic.
// POST /messages/{message_id}/typing: started or stopped editing a message's content.
import { handler } from "../http/endpoint.js";
import { optional, refine, required, withDefault } from "../http/declare.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { int, list, nullable, oneOf } from "../http/validators.js";
import { doSendChannelEditTyping, doSendChannelTyping, doSendDirectEditTyping, doSendDirectTyping } from "../actions/typing.js";
import { checkCanEditContent } from "../actions/edit-message.js";
import { channelVisible, messageScope } from "../actions/message-context.js";
import { checkChannelSend } from "../actions/send-message.js";
import { normalizeTopic } from "../lib/topics.js";
import { recipientMembers } from "../store/messages.js";
import { userSettingValues } from "../store/settings.js";
import { usersByIds } from "../store/users.js";
import { pathId } from "./access.js";
import { accessMessage } from "./message-access.js";

const op = refine(required("op", raw()), (op) => oneOf(["start", "stop"] as const)(op, "op"));

// compat: read (and checked) in the order of Zulip's typed_endpoint declaration.
export const setTypingStatus = handler(
  {
    to: refine(optional("to", json(nullable(list(int())))), (to) => to ?? undefined),
    operator: op,
    type: refine(withDefault("type", raw(), "direct"), (type) => oneOf(["direct", "stream", "channel"] as const)(type, "type")),
    streamId: refine(optional("stream_id", json(nullable(int()))), (id) => id ?? undefined),
    topicRaw: optional("topic", raw({ ownNulCheck: true })),
  },
  async (ctx, { to, operator, type, streamId, topicRaw }) => {
    const { deps, user, realm } = ctx;
    const settings = await userSettingValues(deps.db, user.id);
    if (type === "stream" || type === "channel") {
      if (streamId === undefined) throw new BadRequestError("Missing 'stream_id' argument");
      if (topicRaw === undefined) throw new BadRequestError("Missing topic");
      if (settings.send_stream_typing_notifications === false) throw new BadRequestError("User has disabled typing notifications for channel messages");
      const scope = await messageScope(deps, realm, user);
      const stream = scope.streams.get(streamId);
      if (!stream || !channelVisible(scope, stream)) throw new BadRequestError("Invalid channel ID");
      checkChannelSend(scope, stream, user);
      await doSendChannelTyping(deps, user, stream, normalizeTopic(topicRaw), operator);
      return {};
    }
    if (to === undefined) throw new BadRequestError("Missing 'to' argument");
    if (to.length === 0) throw new BadRequestError("Empty 'to' list");
    if (settings.send_private_typing_notifications === false) throw new BadRequestError("User has disabled typing notifications for direct messages");
    const ids = to.includes(user.id) ? [...to] : [...to, user.id];
    const found = new Map((await usersByIds(deps.db, realm.id, ids)).map((u) => [u.id, u]));
    const recipients = ids.map((id) => {
      const target = found.get(id);
      if (!target) throw new BadRequestError(`Invalid user ID ${id}`);
      return target;
    });
    await doSendDirectTyping(deps, user, recipients, operator);
    return {};
  },
);

export const setEditTypingStatus = handler({ operator: op }, async (ctx, { operator }) => {
  const { deps, user, realm } = ctx;
  const scope = await messageScope(deps, realm, user, ctx.state);
  const { message } = await accessMessage(deps, scope, pathId(ctx.path.message_id));
  // compat: no grace period here, unlike the edit itself (edit_limit_buffer=0).
  checkCanEditContent(scope, message, deps.clock.now().getTime(), 0);
  const settings = await userSettingValues(deps.db, user.id);
  if (message.stream_id !== null) {
    if (settings.send_stream_typing_notifications === false) throw new BadRequestError("User has disabled typing notifications for channel messages");
    await doSendChannelEditTyping(deps, user, message.stream_id, message.topic, message.id, operator);
    return {};
  }
  if (settings.send_private_typing_notifications === false) throw new BadRequestError("User has disabled typing notifications for direct messages");
  const members = (await recipientMembers(deps.db, [message.recipient_id])).get(message.recipient_id) ?? [];
  // A one-to-one conversation lists the editor, then the other participant (or the editor
  // again when writing to oneself); a group conversation lists its members.
  const ids = members.length <= 2 ? [user.id, members.find((id) => id !== user.id) ?? user.id] : members;
  const found = new Map((await usersByIds(deps.db, realm.id, [...new Set(ids)])).map((u) => [u.id, u]));
  await doSendDirectEditTyping(deps, user, ids.flatMap((id) => found.get(id) ?? []), message.id, operator);
  return {};
});
