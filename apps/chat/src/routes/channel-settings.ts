// The channel settings shared by POST /channels/create and POST /users/me/subscriptions, read
// and checked the same way for both.
import type { Caller } from "../http/auth.js";
import { BadRequestError, insufficientPermission, mustBeOwner } from "../http/errors.js";
import { json, raw, type Params } from "../http/params.js";
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

export function readChannelSettings(params: Params): ChannelSettings {
  const inviteOnly = params.withDefault("invite_only", json(bool), false);
  const isWebPublic = params.withDefault("is_web_public", json(bool), false);
  const isDefault = params.withDefault("is_default_stream", json(bool), false);
  const historyPublicToSubscribers = params.optional("history_public_to_subscribers", json(bool));
  const retention = params.optional("message_retention_days", raw());
  params.optional("default_push_notifications", json(bool));
  const topicsPolicy = params.withDefault("topics_policy", json(oneOf(TOPICS_POLICIES)), "inherit");
  const folderId = params.optional("folder_id", json(int())) ?? null;
  const groupSettings: ChannelSettings["groupSettings"] = {};
  for (const name of STREAM_GROUP_SETTINGS) {
    const value = params.optional(name, json(groupSettingValue));
    if (value !== undefined) groupSettings[name] = value;
  }
  params.accept("send_new_subscription_messages");
  return {
    inviteOnly,
    isWebPublic,
    isDefault,
    historyPublicToSubscribers,
    messageRetentionDays: retention === undefined ? null : checkRetentionDays(retention),
    topicsPolicy,
    folderId,
    groupSettings,
  };
}

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
