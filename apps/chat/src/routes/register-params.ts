// The parameters of POST /register that shape the event queue (event types, narrow,
// capabilities, Markdown and avatar forms, idle timeout), declared in the order Zulip's
// events_register_backend reads them.
import type { UserContext } from "../http/endpoint.js";
import type { ChatDb } from "../store/schema.js";
import { BadRequestError } from "../http/errors.js";
import { json, Params, raw } from "../http/params.js";
import { optional, refine, withDefault, type Args } from "../http/declare.js";
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
 * The parameters every event queue is opened with, declared alike for POST /register and for a
 * GET /events without a queue_id (which opens its own queue, Zulip's internal path). The two
 * defaults that differ between them are applied by queueOptions.
 */
export const queueParams = {
  applyMarkdown: withDefault("apply_markdown", json(bool), false),
  clientGravatar: optional("client_gravatar", json(bool)),
  slimPresence: withDefault("slim_presence", json(bool), false),
  // compat: JSON null means "not given" (zulip-js sends event_types=null for every event type).
  eventTypes: refine(optional("event_types", json(nullable(list(string())))), (types) => types ?? null),
  allPublicStreams: optional("all_public_streams", json(bool)),
  narrow: refine(withDefault("narrow", json(list(list(string()))), []), (terms) =>
    terms.map((term, i) => {
      if (term.length !== 2) throw new BadRequestError(`narrow[${i}] should have exactly 2 items`);
      return term as NarrowTerm;
    }),
  ),
};

export type QueueArgs = Args<typeof queueParams>;

/** The queue options of a request; the caller adds the timeout and the capabilities. */
export function queueOptions(ctx: UserContext, args: QueueArgs, defaults: QueueDefaults): QueueOptions {
  const { user, realm } = ctx;
  const allPublicStreams = args.allPublicStreams ?? defaults.allPublicStreams;
  if (allPublicStreams && isGuest(user)) throw new BadRequestError("User not authorized for this query");
  const { applyMarkdown, slimPresence, eventTypes, narrow } = args;
  return { userId: user.id, realmId: realm.id, eventTypes, clientName: clientName(ctx.req), applyMarkdown, clientGravatar: args.clientGravatar ?? defaults.clientGravatar, slimPresence, allPublicStreams, narrow };
}

/** POST /register's parameters: the queue's, then the state's. */
export const registerParams = {
  ...queueParams,
  includeSubscribers: refine(withDefault("include_subscribers", raw(), "false"), (mode) => {
    if (!["true", "false", "partial"].includes(mode)) throw new BadRequestError("Invalid include_subscribers");
    return mode as RegisterRequest["includeSubscribers"];
  }),
  presenceHistoryLimitDays: optional("presence_history_limit_days", json(int())),
  rawCapabilities: refine(withDefault("client_capabilities", json(anything), {}), (value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new BadRequestError("client_capabilities is not a dict");
    return value as Record<string, unknown>;
  }),
  fetchTypes: optional("fetch_event_types", json(nullable(list(string())))),
  // compat: "mobile" arrives JSON-encoded from some clients and bare from the Python one.
  idle: refine(optional("idle_queue_timeout", raw()), (idleRaw) =>
    idleRaw === undefined || idleRaw === "mobile" ? idleRaw : new Params({ idle_queue_timeout: idleRaw }, {}).required("idle_queue_timeout", json(union(int({ min: 1 }), oneOf(["mobile"] as const)))),
  ),
};

export async function registerRequest(ctx: UserContext, db: ChatDb, args: Args<typeof registerParams>): Promise<RegisterRequest> {
  const { user, realm } = ctx;
  const options = queueOptions(ctx, args, { clientGravatar: true, allPublicStreams: Boolean(user.default_all_public_streams) });
  const { includeSubscribers, presenceHistoryLimitDays, rawCapabilities, idle } = args;
  const fetchTypes = args.fetchTypes ?? options.eventTypes;

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
    includeSubscribers,
    presenceHistoryLimitDays,
    idleSecs,
  };
}
