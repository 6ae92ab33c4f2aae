// The channel settings shared by POST /channels/create and POST /users/me/subscriptions, read
// and checked the same way for both.
import type { Caller } from "../http/auth.js";
import { BadRequestError, insufficientPermission, mustBeOwner } from "../http/errors.js";
import { json, Params, raw } from "../http/params.js";
import { accepted, collect, declared, optional, refine, withDefault, type Param } from "../http/declare.js";
import { bool, int, oneOf } from "../http/validators.js";
import { checkRetentionDays, TOPICS_POLICIES } from "../actions/channel-checks.js";
import { checkGroupSetting, groupSettingValue } from "../actions/group-settings.js";
import { type GroupSettingValue } from "../present/group-setting.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { STREAM_GROUP_SETTINGS, type StreamGroupSetting } from "../store/schema.js";
import type { ChannelScope } from "./channel-access.js";

export interface ChannelSettings {
  inviteOnly: boolean;
  isWebPublic: boolean;
  isDefault: boolean;
  historyPublicToSubscribers?: boolean;
  messageRetentionDays: number | null;
  topicsPolicy: string;
  folderId: number | null;
  groupSettings: Partial<Record<StreamGroupSetting, GroupSettingValue>>;
}

/** The channel settings a request may give, read in Zulip's order. */
export const channelSettingParams: Param<ChannelSettings> = refine(
  declared({
    inviteOnly: withDefault("invite_only", json(bool), false),
    isWebPublic: withDefault("is_web_public", json(bool), false),
    isDefault: withDefault("is_default_stream", json(bool), false),
    historyPublicToSubscribers: optional("history_public_to_subscribers", json(bool)),
    retention: optional("message_retention_days", raw()),
    defaultPushNotifications: optional("default_push_notifications", json(bool)),
    topicsPolicy: withDefault("topics_policy", json(oneOf(TOPICS_POLICIES)), "inherit"),
    folderId: optional("folder_id", json(int())),
    groupSettings: collect(STREAM_GROUP_SETTINGS.map((name) => [name, optional(name, json(groupSettingValue))] as const)),
    sendNewSubscriptionMessages: accepted("send_new_subscription_messages"),
  }),
  (given) => ({
    inviteOnly: given.inviteOnly,
    isWebPublic: given.isWebPublic,
    isDefault: given.isDefault,
    historyPublicToSubscribers: given.historyPublicToSubscribers,
    messageRetentionDays: given.retention === undefined ? null : checkRetentionDays(given.retention),
    topicsPolicy: given.topicsPolicy,
    folderId: given.folderId ?? null,
    groupSettings: Object.fromEntries(given.groupSettings) as ChannelSettings["groupSettings"],
  }),
);

/** Every channel setting's default, for channels created without naming any. */
export const defaultChannelSettings = (): ChannelSettings => channelSettingParams.read(new Params({}, {}));

/** May the caller create a channel with these settings? Zulip's messages when not. */
export function checkCanCreateChannel(scope: ChannelScope, caller: Caller, settings: ChannelSettings, retentionGiven: boolean): void {
  const member = (name: string) => scope.graph.isMember(caller.user.id, scope.realmSettings[name]);
  if (settings.isWebPublic && !member("can_create_web_public_channel_group")) throw insufficientPermission();
  if (settings.inviteOnly && !member("can_create_private_channel_group")) throw insufficientPermission();
  if (!settings.inviteOnly && !settings.isWebPublic && !member("can_create_public_channel_group")) throw insufficientPermission();
  if (settings.isDefault && !isAdmin(caller.user)) throw insufficientPermission();
  if (settings.isDefault && settings.inviteOnly) throw new BadRequestError("A default channel cannot be private.");
  if (retentionGiven && !isOwner(caller.user)) throw mustBeOwner();
}

export function checkChannelGroupSettings(scope: ChannelScope, realmUserIds: Set<number>, settings: ChannelSettings["groupSettings"]): ChannelSettings["groupSettings"] {
  const out: ChannelSettings["groupSettings"] = {};
  for (const [name, value] of Object.entries(settings)) {
    out[name as StreamGroupSetting] = checkGroupSetting(scope.graph, realmUserIds, value, { settingName: name });
  }
  return out;
}
