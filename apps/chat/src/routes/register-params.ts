// The parameters of POST /register that shape the event queue (event types, narrow,
// capabilities, Markdown and avatar forms, idle timeout), read the way Zulip's
// events_register_backend reads them.
import type { UserContext } from "../http/endpoint.js";
import type { ChatDb } from "../store/schema.js";
import { BadRequestError } from "../http/errors.js";
import { json, Params, raw } from "../http/params.js";
import { anything, bool, int, list, nullable, oneOf, string, union } from "../http/validators.js";
import type { Capabilities } from "../events/client.js";
import { checkNarrowForEvents, type NarrowTerm } from "../events/narrow.js";
import type { NewClient } from "../events/system.js";
import { isGuest } from "../lib/roles.js";
import { streamInRealm } from "../store/streams.js";
import { clientName } from "./message-targets.js";

export const DEFAULT_QUEUE_TIMEOUT_SECS = 600;
export const MAX_QUEUE_TIMEOUT_SECS = 604800;
export const MOBILE_QUEUE_TIMEOUT_SECS = 12 * 3600;

const CAPABILITY_NAMES: Record<string, keyof Capabilities> = {
  notification_settings_null: "notificationSettingsNull",
  bulk_message_deletion: "bulkMessageDeletion",
  user_avatar_url_field_optional: "userAvatarUrlFieldOptional",
  stream_typing_notifications: "streamTypingNotifications",
  user_settings_object: "userSettingsObject",
  linkifier_url_template: "linkifierUrlTemplate",
  user_list_incomplete: "userListIncomplete",
  include_deactivated_groups: "includeDeactivatedGroups",
  archived_channels: "archivedChannels",
  empty_topic_name: "emptyTopicName",
  simplified_presence_events: "simplifiedPresenceEvents",
  individual_emoji_changes: "individualEmojiChanges",
};

export function defaultCapabilities(): Capabilities {
  const out = {} as Capabilities;
  for (const name of Object.values(CAPABILITY_NAMES)) out[name] = false;
  return out;
}

export interface RegisterRequest {
  queue: NewClient;
  /** the state sections to send (fetch_event_types, else event_types, else all) */
  wants: (name: string) => boolean;
  includeSubscribers: "true" | "false" | "partial";
  presenceHistoryLimitDays?: number;
  idleSecs: number;
}

/** Defaults that differ between the two ways of opening a queue (Zulip's events_register_backend and get_events_backend). */
export interface QueueDefaults {
  clientGravatar: boolean;
  allPublicStreams: boolean;
}

/** The queue options read from a request; the caller adds the timeout and the capabilities. */
export type QueueOptions = Omit<NewClient, "timeoutSecs" | "capabilities">;

/**
 * The parameters every event queue is opened with, read alike by POST /register and by a
 * GET /events without a queue_id (which opens its own queue, Zulip's internal path).
 */
export function readQueueOptions(ctx: UserContext, defaults: QueueDefaults): QueueOptions {
  const { params, user, realm } = ctx;
  const applyMarkdown = params.withDefault("apply_markdown", json(bool), false);
  const clientGravatar = params.withDefault("client_gravatar", json(bool), defaults.clientGravatar);
  const slimPresence = params.withDefault("slim_presence", json(bool), false);
  // compat: JSON null means "not given" (zulip-js sends event_types=null for every event type).
  const eventTypes = params.optional("event_types", json(nullable(list(string())))) ?? null;
  const allPublicStreams = params.withDefault("all_public_streams", json(bool), defaults.allPublicStreams);
  if (allPublicStreams && isGuest(user)) throw new BadRequestError("User not authorized for this query");
  const narrow = params.withDefault("narrow", json(list(list(string()))), []).map((term, i) => {
    if (term.length !== 2) throw new BadRequestError(`narrow[${i}] should have exactly 2 items`);
    return term as NarrowTerm;
  });
  return { userId: user.id, realmId: realm.id, eventTypes, clientName: clientName(ctx.req), applyMarkdown, clientGravatar, slimPresence, allPublicStreams, narrow };
}

export async function readRegisterParams(ctx: UserContext, db: ChatDb): Promise<RegisterRequest> {
  const { params, user, realm } = ctx;
  const options = readQueueOptions(ctx, { clientGravatar: true, allPublicStreams: Boolean(user.default_all_public_streams) });
  const includeSubscribers = params.withDefault("include_subscribers", raw(), "false");
  if (!["true", "false", "partial"].includes(includeSubscribers)) throw new BadRequestError("Invalid include_subscribers");
  const presenceHistoryLimitDays = params.optional("presence_history_limit_days", json(int()));
  const rawCapabilities = params.withDefault("client_capabilities", json(anything), {});
  if (typeof rawCapabilities !== "object" || rawCapabilities === null || Array.isArray(rawCapabilities)) throw new BadRequestError("client_capabilities is not a dict");
  const fetchTypes = params.optional("fetch_event_types", json(nullable(list(string())))) ?? options.eventTypes;
  // compat: "mobile" arrives JSON-encoded from some clients and bare from the Python one.
  const idleRaw = params.optional("idle_queue_timeout", raw());
  const idle = idleRaw === undefined || idleRaw === "mobile" ? idleRaw : new Params({ idle_queue_timeout: idleRaw }, {}).required("idle_queue_timeout", json(union(int({ min: 1 }), oneOf(["mobile"] as const))));

  const capabilities = defaultCapabilities();
  for (const [key, value] of Object.entries(rawCapabilities)) {
    if (typeof value !== "boolean") throw new BadRequestError(`client_capabilities["${key}"] is not a boolean`);
    const name = CAPABILITY_NAMES[key];
    if (name) capabilities[name] = value;
  }
  checkNarrowForEvents(options.narrow);
  // A bot's default "events register" channel narrows its queue when no narrow is given.
  if (options.narrow.length === 0 && user.default_events_register_stream_id !== null) {
    const stream = await streamInRealm(db, realm.id, user.default_events_register_stream_id);
    if (stream) options.narrow = [["stream", stream.name]];
  }
  const idleSecs = idle === undefined ? DEFAULT_QUEUE_TIMEOUT_SECS : idle === "mobile" ? MOBILE_QUEUE_TIMEOUT_SECS : Math.min(idle, MAX_QUEUE_TIMEOUT_SECS);
  return {
    queue: {
      ...options,
      // Presence data comes keyed by user id for clients that take the modern events.
      slimPresence: options.slimPresence || capabilities.simplifiedPresenceEvents,
      timeoutSecs: idleSecs,
      capabilities,
    },
    wants: (name) => fetchTypes === null || fetchTypes.includes(name),
    includeSubscribers: includeSubscribers as RegisterRequest["includeSubscribers"],
    presenceHistoryLimitDays,
    idleSecs,
  };
}
