// What the API answers, as JSON Schema for GET /openapi.json (http/openapi.ts): the fields
// each operation adds to the success envelope (`Returns`, given in the URL table beside each
// handler) and the objects they hold (`API_SCHEMAS`, the document's components). The field
// names and types are Zulip's (its API documentation); an object lists the fields every one
// of its kind carries, and may carry more (those of later feature levels, a bot's, ...).
import type { JsonSchema } from "@beacon/platform";

/**
 * The fields an operation's success adds to `result` and `msg`, by name: `name?` for one sent
 * only sometimes, and `*` for the schema of any others (a state of many optional keys). No
 * field but these (and `ignored_parameters_unsupported`) is ever sent unless `*` says so.
 */
export type ResultFields = Readonly<Record<string, JsonSchema>>;

/** What an operation answers: its success fields, or a redirect (an image's URL). */
export type Returns = ResultFields | "redirect";

export const int: JsonSchema = { type: "integer" };
export const num: JsonSchema = { type: "number" };
export const str: JsonSchema = { type: "string" };
export const bool: JsonSchema = { type: "boolean" };
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: "array", items });
/** An object keyed by names or ids, each value of `values`. */
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: "object", additionalProperties: values });
export const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] });
export const ref = (name: keyof typeof API_SCHEMAS): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
/** Any JSON object (an event, a state section whose keys are settings). */
export const anyObject: JsonSchema = { type: "object" };

export const nullableInt = nullable(int);
export const nullableStr = nullable(str);
export const ints = arrayOf(int);
export const strs = arrayOf(str);

/** An object with the given fields, all required unless named `name?`; others allowed. */
export function objectOf(fields: ResultFields, options: { closed?: boolean } = {}): { type: "object"; properties: Record<string, JsonSchema>; required?: string[]; additionalProperties?: JsonSchema } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let additional: JsonSchema | undefined = options.closed ? false : undefined;
  for (const [key, schema] of Object.entries(fields)) {
    if (key === "*") additional = schema;
    else if (key.endsWith("?")) properties[key.slice(0, -1)] = schema;
    else {
      properties[key] = schema;
      required.push(key);
    }
  }
  return { type: "object", properties, ...(required.length > 0 && { required }), ...(additional !== undefined && { additionalProperties: additional }) };
}

const USER_FIELDS: ResultFields = {
  user_id: int,
  email: str,
  full_name: str,
  delivery_email: nullableStr,
  avatar_url: nullableStr,
  avatar_version: int,
  is_admin: bool,
  is_owner: bool,
  is_guest: bool,
  is_bot: bool,
  role: { enum: [100, 200, 300, 400, 600] },
  is_active: bool,
  timezone: str,
  date_joined: str,
  "is_imported_stub?": bool,
  "profile_data?": mapOf({ type: "object", properties: { value: str, rendered_value: str }, required: ["value"] }),
};

/** A group setting: a group's id, or an anonymous group of members and subgroups. */
const GroupSettingValue = { anyOf: [int, objectOf({ direct_members: ints, direct_subgroups: ints })] };

/** A display recipient: a channel's name, or the users of a direct message. */
const displayRecipient = { anyOf: [str, arrayOf(objectOf({ id: int, email: str, full_name: str }))] };

export const API_SCHEMAS = {
  Error: objectOf({ result: { const: "error" }, msg: str, code: str }),
  GroupSettingValue,
  User: objectOf({ ...USER_FIELDS, "bot_type?": nullableInt, "bot_owner_id?": nullableInt }),
  Bot: objectOf({ user_id: int, username: str, full_name: str, avatar_url: str, bot_type: int, is_active: bool, owner: nullableStr, services: arrayOf(anyObject) }),
  Channel: objectOf({
    stream_id: int,
    name: str,
    description: str,
    rendered_description: str,
    date_created: int,
    creator_id: nullableInt,
    invite_only: bool,
    is_web_public: bool,
    is_archived: bool,
    history_public_to_subscribers: bool,
    message_retention_days: nullableInt,
    first_message_id: nullableInt,
    folder_id: nullableInt,
    stream_post_policy: int,
    is_announcement_only: bool,
    stream_weekly_traffic: nullableInt,
    "subscriber_count?": int,
    "is_default?": bool,
    "can_administer_channel_group?": GroupSettingValue,
    "can_remove_subscribers_group?": GroupSettingValue,
  }),
  Subscription: {
    allOf: [
      { $ref: "#/components/schemas/Channel" },
      objectOf({
        color: str,
        is_muted: bool,
        in_home_view: bool,
        pin_to_top: bool,
        desktop_notifications: nullable(bool),
        audible_notifications: nullable(bool),
        push_notifications: nullable(bool),
        email_notifications: nullable(bool),
        wildcard_mentions_notify: nullable(bool),
        "subscribers?": ints,
        "partial_subscribers?": ints,
      }),
    ],
  },
  Reaction: objectOf({ emoji_name: str, emoji_code: str, reaction_type: { enum: ["unicode_emoji", "realm_emoji", "zulip_extra_emoji"] }, user_id: int }),
  Message: objectOf({
    id: int,
    sender_id: int,
    content: str,
    content_type: { enum: ["text/html", "text/x-markdown"] },
    recipient_id: int,
    timestamp: int,
    client: str,
    subject: str,
    topic_links: arrayOf(objectOf({ text: str, url: str })),
    is_me_message: bool,
    reactions: arrayOf({ $ref: "#/components/schemas/Reaction" }),
    submessages: arrayOf(objectOf({ msg_type: str, content: str, message_id: int, sender_id: int, id: int })),
    sender_full_name: str,
    sender_email: str,
    sender_realm_str: str,
    display_recipient: displayRecipient,
    type: { enum: ["stream", "private"] },
    avatar_url: nullableStr,
    flags: strs,
    "stream_id?": int,
    "last_edit_timestamp?": int,
    "last_moved_timestamp?": int,
    "edit_history?": arrayOf(objectOf({ user_id: nullableInt, timestamp: int })),
    "match_content?": str,
    "match_subject?": str,
  }),
  UserGroup: objectOf({
    id: int,
    name: str,
    description: str,
    members: ints,
    direct_subgroup_ids: ints,
    is_system_group: bool,
    deactivated: bool,
    creator_id: nullableInt,
    date_created: nullableInt,
    "can_manage_group?": GroupSettingValue,
    "can_mention_group?": GroupSettingValue,
  }),
  ChannelFolder: objectOf({ id: int, name: str, description: str, rendered_description: str, order: int, date_created: nullableInt, creator_id: nullableInt, is_archived: bool }),
  Attachment: objectOf({ id: int, name: str, path_id: str, size: int, create_time: int, message_ids: ints }),
  Draft: objectOf({ id: int, type: { enum: ["", "stream", "private"] }, to: ints, topic: str, content: str, timestamp: int }),
  ScheduledMessage: objectOf({
    scheduled_message_id: int,
    type: { enum: ["stream", "private"] },
    to: { anyOf: [int, ints] },
    content: str,
    rendered_content: str,
    scheduled_delivery_timestamp: int,
    failed: bool,
    "topic?": str,
  }),
  Reminder: objectOf({
    reminder_id: int,
    type: { const: "private" },
    to: ints,
    content: str,
    rendered_content: str,
    scheduled_delivery_timestamp: int,
    failed: bool,
    reminder_target_message_id: int,
  }),
  SavedSnippet: objectOf({ id: int, title: str, content: str, date_created: int }),
  NavigationView: objectOf({ fragment: str, is_pinned: bool, name: nullableStr }),
  RealmDomain: objectOf({ domain: str, allow_subdomains: bool }),
  RealmEmoji: objectOf({ id: str, name: str, source_url: str, deactivated: bool, author_id: nullableInt, "still_url?": nullableStr }),
  CustomProfileField: objectOf({ id: int, type: int, order: int, name: str, hint: str, field_data: str, "display_in_profile_summary?": bool, "required?": bool, "editable_by_user?": bool }),
  Linkifier: objectOf({ id: int, pattern: str, url_template: str }),
  RealmExport: objectOf({
    id: int,
    acting_user_id: int,
    export_time: num,
    deleted_timestamp: nullable(num),
    failed_timestamp: nullable(num),
    export_url: nullableStr,
    pending: bool,
    export_type: { enum: ["public", "full_with_consent", "full_without_consent"] },
  }),
  Invite: objectOf({
    id: int,
    invited_by_user_id: int,
    invited: int,
    expiry_date: nullableInt,
    invited_as: int,
    is_multiuse: bool,
    "email?": str,
    "link_url?": str,
    "notify_referrer_on_join?": bool,
  }),
  UserStatus: objectOf({ "away?": bool, "status_text?": str, "emoji_name?": str, "emoji_code?": str, "reaction_type?": str }),
  /** A user's presence: when a client last reported them active and idle, or (legacy) each client's status by name. */
  Presence: { type: "object", properties: { active_timestamp: int, idle_timestamp: int }, additionalProperties: anyObject },
  /** An event of GET /events: its type and id, then the type's own fields. */
  Event: objectOf({ type: str, id: int }),
} satisfies Record<string, JsonSchema>;

// Fields several operations answer alike.

/** A channel's or a topic's deletion in batches: false when the time ran out (call again). */
export const COMPLETE: ResultFields = { complete: bool };
/** GET /users/me: the caller's own user, its fields at the top level. */
export const OWN_USER: ResultFields = { ...USER_FIELDS, max_message_id: int };
/** The caller's alert words, after the change. */
export const ALERT_WORDS: ResultFields = { alert_words: strs };
/**
 * POST /register: the queue, then the state sections the client asked for (`fetch_event_types`),
 * the best known of them described here and the many others (settings, limits) allowed.
 */
export const REGISTER: ResultFields = {
  queue_id: nullableStr,
  idle_queue_timeout_secs: int,
  last_event_id: int,
  zulip_feature_level: int,
  zulip_version: str,
  zulip_merge_base: str,
  "max_message_id?": int,
  "alert_words?": strs,
  "custom_profile_fields?": arrayOf(ref("CustomProfileField")),
  "drafts?": arrayOf(ref("Draft")),
  "scheduled_messages?": arrayOf(ref("ScheduledMessage")),
  "reminders?": arrayOf(ref("Reminder")),
  "saved_snippets?": arrayOf(ref("SavedSnippet")),
  "navigation_views?": arrayOf(ref("NavigationView")),
  "realm_users?": arrayOf(ref("User")),
  "realm_non_active_users?": arrayOf(ref("User")),
  "realm_user_groups?": arrayOf(ref("UserGroup")),
  "realm_emoji?": mapOf(ref("RealmEmoji")),
  "realm_domains?": arrayOf(ref("RealmDomain")),
  "realm_linkifiers?": arrayOf(ref("Linkifier")),
  "channel_folders?": arrayOf(ref("ChannelFolder")),
  "subscriptions?": arrayOf(ref("Subscription")),
  "unsubscribed?": arrayOf(ref("Subscription")),
  "never_subscribed?": arrayOf(ref("Channel")),
  "streams?": arrayOf(ref("Channel")),
  "presences?": mapOf(ref("Presence")),
  "user_status?": mapOf(ref("UserStatus")),
  "muted_users?": arrayOf(objectOf({ id: int, timestamp: int })),
  "unread_msgs?": objectOf({ count: int, pms: arrayOf(anyObject), streams: arrayOf(anyObject), huddles: arrayOf(anyObject), mentions: ints, old_unreads_missing: bool }),
  "*": true,
};
/** A created object's id, under the name the operation gives it. */
export const createdId = (name: string): ResultFields => ({ [name]: int });
/** POST /users/me/subscriptions (and PATCH's "add" half): names by user id. */
export const SUBSCRIBED: ResultFields = { subscribed: mapOf(strs), already_subscribed: mapOf(strs), "unauthorized?": strs, "new_subscription_messages_sent?": bool };
/** DELETE /users/me/subscriptions (and PATCH's "delete" half). */
export const REMOVED: ResultFields = { removed: strs, not_removed: strs };
/** The realm's presences, by user id. */
export const REALM_PRESENCE: ResultFields = { server_timestamp: num, presences: mapOf(ref("Presence")) };
