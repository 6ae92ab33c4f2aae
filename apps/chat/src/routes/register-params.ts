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

export async function readRegisterParams(ctx: UserContext, db: ChatDb): Promise<RegisterRequest> {
  const { params, user, realm } = ctx;
  const applyMarkdown = params.withDefault("apply_markdown", json(bool), false);
  const clientGravatar = params.withDefault("client_gravatar", json(bool), true);
  const includeSubscribers = params.withDefault("include_subscribers", raw(), "false");
  if (!["true", "false", "partial"].includes(includeSubscribers)) throw new BadRequestError("Invalid include_subscribers");
  const slimPresence = params.withDefault("slim_presence", json(bool), false);
  const presenceHistoryLimitDays = params.optional("presence_history_limit_days", json(int()));
  // compat: JSON null means "not given" (zulip-js sends event_types=null for every event type).
  const eventTypes = params.optional("event_types", json(nullable(list(string())))) ?? undefined;
  const allPublicStreams = params.optional("all_public_streams", json(bool));
  const rawCapabilities = params.withDefault("client_capabilities", json(anything), {});
  if (typeof rawCapabilities !== "object" || rawCapabilities === null || Array.isArray(rawCapabilities)) throw new BadRequestError("client_capabilities is not a dict");
  const fetchTypes = params.optional("fetch_event_types", json(nullable(list(string())))) ?? eventTypes;
  let narrow = params.withDefault("narrow", json(list(list(string()))), []).map((term, i) => {
    if (term.length !== 2) throw new BadRequestError(`narrow[${i}] should have exactly 2 items`);
    return term as NarrowTerm;
  });
  // compat: "mobile" arrives JSON-encoded from some clients and bare from the Python one.
  const idleRaw = params.optional("idle_queue_timeout", raw());
  const idle = idleRaw === undefined || idleRaw === "mobile" ? idleRaw : new Params({ idle_queue_timeout: idleRaw }, {}).required("idle_queue_timeout", json(union(int({ min: 1 }), oneOf(["mobile"] as const))));
  if (allPublicStreams && isGuest(user)) throw new BadRequestError("User not authorized for this query");

  const capabilities = defaultCapabilities();
  for (const [key, value] of Object.entries(rawCapabilities)) {
    if (typeof value !== "boolean") throw new BadRequestError(`client_capabilities["${key}"] is not a boolean`);
    const name = CAPABILITY_NAMES[key];
    if (name) capabilities[name] = value;
  }
  checkNarrowForEvents(narrow);
  // A bot's default "events register" channel narrows its queue when no narrow is given.
  if (narrow.length === 0 && user.default_events_register_stream_id !== null) {
    const stream = await streamInRealm(db, realm.id, user.default_events_register_stream_id);
    if (stream) narrow = [["stream", stream.name]];
  }
  const idleSecs = idle === undefined ? DEFAULT_QUEUE_TIMEOUT_SECS : idle === "mobile" ? MOBILE_QUEUE_TIMEOUT_SECS : Math.min(idle, MAX_QUEUE_TIMEOUT_SECS);
  return {
    queue: {
      userId: user.id,
      realmId: realm.id,
      eventTypes: eventTypes ?? null,
      clientName: clientName(ctx.req),
      applyMarkdown,
      clientGravatar,
      // Presence data comes keyed by user id for clients that take the modern events.
      slimPresence: slimPresence || capabilities.simplifiedPresenceEvents,
      allPublicStreams: allPublicStreams ?? Boolean(user.default_all_public_streams),
      narrow,
      timeoutSecs: idleSecs,
      capabilities,
    },
    wants: (name) => fetchTypes === undefined || fetchTypes.includes(name),
    includeSubscribers: includeSubscribers as RegisterRequest["includeSubscribers"],
    presenceHistoryLimitDays,
    idleSecs,
  };
}
