// GET /events (long poll) and DELETE /events. A poll waits until its queue has an event, or
// until the heartbeat (45 to 55 s); dont_block answers at once. Polls and deletions of queues
// held by another process are routed there by the proxy (docs/scaling-chat.md).
import type { Api } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, string } from "../http/validators.js";
import { isGuest } from "../lib/roles.js";
import { defaultCapabilities } from "./register-params.js";
import { clientName } from "./message-targets.js";
import { serializeEventsBody } from "../events/serialize.js";

export function register(api: Api): void {
  const { events } = api.deps;

  api.user("GET", "/events", async (ctx) => {
    const { params, user, realm } = ctx;
    params.accept("user_client");
    const lastEventId = params.optional("last_event_id", json(int()));
    const queueId = params.optional("queue_id", raw());
    // Registration parameters, used only when no queue_id is given (Zulip's internal path).
    const applyMarkdown = params.withDefault("apply_markdown", json(bool), false);
    const clientGravatar = params.withDefault("client_gravatar", json(bool), false);
    const slimPresence = params.withDefault("slim_presence", json(bool), false);
    const allPublicStreams = params.withDefault("all_public_streams", json(bool), false);
    const eventTypes = params.optional("event_types", json(list(string())));
    const dontBlock = params.withDefault("dont_block", json(bool), false);
    const narrow = params.withDefault("narrow", json(list(list(string()))), []);
    const lifespanSecs = params.withDefault("lifespan_secs", json(int({ min: 0 })), 0);
    const bulkMessageDeletion = params.withDefault("bulk_message_deletion", json(bool), false);
    const streamTypingNotifications = params.withDefault("stream_typing_notifications", json(bool), false);
    const userSettingsObject = params.withDefault("user_settings_object", json(bool), false);
    if (allPublicStreams && isGuest(user)) throw new BadRequestError("User not authorized for this query");

    // Message dicts shared between queues are serialized once (events/serialize.ts).
    // A custom serializer leaves the content type to us.
    ctx.reply.serializer(serializeEventsBody).header("content-type", "application/json; charset=utf-8");
    const result = events.fetch({
      userId: user.id,
      queueId,
      lastEventId,
      dontBlock,
      clientName: clientName(ctx.req),
      // Only for a poll without a queue_id (polls of registered queues need none of it).
      newClient:
        queueId === undefined
          ? {
              userId: user.id,
              realmId: realm.id,
              eventTypes: eventTypes ?? null,
              clientName: clientName(ctx.req),
              applyMarkdown,
              clientGravatar,
              slimPresence,
              allPublicStreams,
              narrow: narrow.map((term) => [term[0] ?? "", term[1] ?? ""] as [string, string]),
              timeoutSecs: lifespanSecs || 600,
              capabilities: { ...defaultCapabilities(), bulkMessageDeletion, streamTypingNotifications, userSettingsObject },
            }
          : undefined,
      onClose: (listener) => ctx.reply.raw.once("close", listener),
    });
    const { events: queued, queue_id, closing } = await result;
    // The process is stopping: the client's next poll must open a connection to its successor.
    if (closing) ctx.reply.header("connection", "close");
    return { events: queued, queue_id };
  }, { sharedLogger: true });

  api.user("DELETE", "/events", async (ctx) => {
    const queueId = ctx.params.required("queue_id", raw());
    events.cleanup(ctx.user.id, queueId);
    return {};
  });
}
