// POST /messages: send a channel or direct message; POST /messages/render: preview one.
import { handler, raising } from "../http/endpoint.js";
import { RequestVariableMissingError } from "../http/errors.js";
import { optional, required } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool } from "../http/validators.js";
import { realmUrl } from "../config.js";
import { checkSendMessage, doSendMessage } from "../actions/send-message.js";
import { renderForRealm } from "../actions/render.js";
import { messageScope, channelVisible } from "../actions/message-context.js";
import { channelMessageUrl, directMessageUrl } from "../lib/message-urls.js";
import { EMPTY_TOPIC_DISPLAY_NAME, normalizeContent } from "../lib/topics.js";
import { channelTopic, clientName, messageType, resolveTarget, topicParam } from "./message-targets.js";

export const sendMessage = raising(["STREAM_DOES_NOT_EXIST", "STREAM_WILDCARD_MENTION_NOT_ALLOWED", "TOPIC_WILDCARD_MENTION_NOT_ALLOWED", "REQUEST_VARIABLE_MISSING"], handler(
  {
    kind: messageType,
    to: required("to", raw()),
    content: required("content", raw({ ownNulCheck: true })),
    topic: topicParam,
    queueId: optional("queue_id", raw()),
    localId: optional("local_id", raw()),
    readBySender: optional("read_by_sender", json(bool)),
  },
  async (ctx, args) => {
    const { deps } = ctx;
    const { kind, to, queueId, localId, readBySender } = args;
    const content = normalizeContent(args.content);
    const topic = channelTopic(kind, args.topic, true);
    if ((queueId === undefined) !== (localId === undefined)) throw new RequestVariableMissingError(queueId === undefined ? "queue_id" : "local_id");
    const scope = await messageScope(deps, ctx.realm, ctx.user, ctx.state);
    const target = await resolveTarget(deps.db, scope, kind, to, topic);
    const now = deps.clock.now().getTime();
    const checked = await checkSendMessage(deps, { scope, target, content, client: clientName(ctx.req), readBySender, now, queueId, localId });
    const sent = await doSendMessage(deps, checked);

    const base = realmUrl(deps.config, ctx.realm.string_id);
    let messageUrl: string;
    let messageLink: string;
    if (target.kind === "stream") {
      // The channel's name appears only when the sender may see the channel (FL 508).
      const named = channelVisible(scope, target.stream);
      messageUrl = named ? channelMessageUrl(base, target.stream, target.topic, sent.id) : `${base}/#narrow/channel/${target.stream.id}/topic/${encodeURIComponent(target.topic)}/near/${sent.id}`;
      messageLink = named ? `[#${target.stream.name} > ${target.topic || EMPTY_TOPIC_DISPLAY_NAME} @ 💬](${messageUrl})` : messageUrl;
    } else {
      messageUrl = directMessageUrl(base, target.recipients, sent.id);
      messageLink = messageUrl;
    }
    const out: Record<string, unknown> = { id: sent.id, message_url: messageUrl, message_link: messageLink };
    if (sent.automaticNewVisibilityPolicy !== undefined) out.automatic_new_visibility_policy = sent.automaticNewVisibilityPolicy;
    return out;
  },
));

export const renderMessage = handler({ content: required("content", raw()) }, async ({ deps, realm, user, state }, { content }) => {
  const scope = await messageScope(deps, realm, user, state);
  return { rendered: (await renderForRealm(deps, scope, content)).html };
});
