// GET /events (long poll) and DELETE /events. A poll waits until its queue has an event, or
// until the heartbeat (45 to 55 s); dont_block answers at once. Polls and deletions of queues
// held by another process are routed there by the proxy (docs/scaling-chat.md).
import { handler, raising } from "../http/endpoint.js";
import { accepted, collect, declared, optional, required, withDefault } from "../http/declare.js";
import { json, raw } from "../http/params.js";
import { bool, int } from "../http/validators.js";
import type { Capabilities } from "../events/client.js";
import { DEFAULT_QUEUE_TIMEOUT_SECS, defaultCapabilities, queueOptions, queueParams } from "./register-params.js";
import { clientName } from "./message-targets.js";
import { serializeEventsBody } from "../events/serialize.js";

/** The client capabilities a queue-opening GET /events takes as parameters of their own. */
const LEGACY_CAPABILITIES: [string, keyof Capabilities][] = [
  ["bulk_message_deletion", "bulkMessageDeletion"],
  ["stream_typing_notifications", "streamTypingNotifications"],
  ["user_settings_object", "userSettingsObject"],
];

const legacyCapabilities = collect(LEGACY_CAPABILITIES.map(([param, name]) => [name, withDefault(param, json(bool), false)] as const));

export const getEvents = raising(["BAD_EVENT_QUEUE_ID"], handler(
  {
    userClient: accepted("user_client"),
    lastEventId: optional("last_event_id", json(int())),
    queueId: optional("queue_id", raw()),
    dontBlock: withDefault("dont_block", json(bool), false),
    // Queue options, used only when no queue_id is given (Zulip's internal path).
    queue: declared(queueParams),
    lifespanSecs: withDefault("lifespan_secs", json(int({ min: 0 })), 0),
    legacyCapabilities,
  },
  async (ctx, args) => {
    const { deps, user } = ctx;
    const { lastEventId, queueId, dontBlock, lifespanSecs } = args;
    const queue = queueOptions(ctx, args.queue, { clientGravatar: false, allPublicStreams: false });
    const capabilities = defaultCapabilities();
    for (const [name, value] of args.legacyCapabilities) capabilities[name as keyof Capabilities] = value;

    // Message dicts shared between queues are serialized once (events/serialize.ts).
    // A custom serializer leaves the content type to us.
    ctx.reply.serializer(serializeEventsBody).header("content-type", "application/json; charset=utf-8");
    const result = deps.events.fetch({
      userId: user.id,
      queueId,
      lastEventId,
      dontBlock,
      clientName: clientName(ctx.req),
      // Only for a poll without a queue_id (polls of registered queues need none of it).
      newClient: queueId === undefined ? { ...queue, timeoutSecs: lifespanSecs || DEFAULT_QUEUE_TIMEOUT_SECS, capabilities } : undefined,
      onClose: (listener) => ctx.reply.raw.once("close", listener),
    });
    const { events: queued, queue_id, closing } = await result;
    // The process is stopping: the client's next poll must open a connection to its successor.
    if (closing) ctx.reply.header("connection", "close");
    return { events: queued, queue_id };
  },
));

export const deleteQueue = raising(["BAD_EVENT_QUEUE_ID"], handler({ queueId: required("queue_id", raw()) }, async ({ deps, user }, { queueId }) => {
  deps.events.cleanup(user.id, queueId);
  return {};
}));
