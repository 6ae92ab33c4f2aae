// PATCH /streams/{stream_id}: rename, describe, change privacy, defaults and permissions.
import { handler, raising } from "../http/endpoint.js";
import { collect, optional } from "../http/declare.js";
import { BadRequestError, CannotAdministerChannelError, ChannelAlreadyExistsError, mustBeOwner, previousSettingMismatch } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, nullable, oneOf } from "../http/validators.js";
import { updateChannel as doUpdateChannel, type ChannelChanges } from "../actions/channels.js";
import { messageScope } from "../actions/message-context.js";
import { renderChannelDescription } from "../actions/render.js";
import { channelDescription, checkChannelName, checkRetentionDays, MAX_CHANNEL_DESCRIPTION_LENGTH, TOPICS_POLICIES } from "../actions/channel-checks.js";
import { checkGroupSetting, groupSettingChange, sameGroupSetting } from "../actions/group-settings.js";
import { presentGroupSetting } from "../present/group-setting.js";
import { accessChannelFolder } from "../actions/channel-folders.js";
import { canAdministerChannel } from "../lib/channel-permissions.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { STREAM_GROUP_SETTINGS, type StreamGroupSetting } from "../store/schema.js";
import { realmMessageSettings } from "../store/message-settings.js";
import { defaultStreamIds } from "../store/streams.js";
import { usersInRealm } from "../store/users.js";
import { pathId } from "./access.js";
import { accessChannelById, channelByName, channelScope } from "./channel-access.js";

export const updateChannel = raising(["CANNOT_ADMINISTER_CHANNEL", "CHANNEL_ALREADY_EXISTS", "EXPECTATION_MISMATCH", "REQUEST_VARIABLE_INVALID", "UNAUTHORIZED_PRINCIPAL"], handler(
  {
    description: optional("description", raw({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH })),
    newName: optional("new_name", raw()),
    isPrivate: optional("is_private", json(bool)),
    isWebPublic: optional("is_web_public", json(bool)),
    historyPublic: optional("history_public_to_subscribers", json(bool)),
    isDefault: optional("is_default_stream", json(bool)),
    retention: optional("message_retention_days", raw()),
    defaultPushNotifications: optional("default_push_notifications", json(bool)),
    isArchived: optional("is_archived", json(bool)),
    folderId: optional("folder_id", json(nullable(int()))),
    topicsPolicy: optional("topics_policy", raw()),
    settingChanges: collect(STREAM_GROUP_SETTINGS.map((name) => [name, optional(name, json(groupSettingChange))] as const)),
  },
  async (ctx, { description, newName, isPrivate, isWebPublic, historyPublic, isDefault, retention, isArchived, folderId, topicsPolicy, settingChanges }) => {
    const { deps, user } = ctx;
    const { db, clock } = deps;

    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
    if (!canAdministerChannel(scope.graph, user, stream)) throw new CannotAdministerChannelError();

    const changes: ChannelChanges = { fields: {}, groupSettings: {}, isDefault };
    if (description !== undefined) {
      changes.fields.description = channelDescription(description);
      changes.fields.rendered_description = await renderChannelDescription(deps, await messageScope(deps, ctx.realm, user, ctx.state), changes.fields.description);
    }
    if (newName !== undefined) {
      const name = checkChannelName(newName);
      if (name === stream.name) throw new BadRequestError("Channel already has that name.");
      const clash = channelByName(scope, name);
      if (clash && clash.id !== stream.id) throw new ChannelAlreadyExistsError(clash.name);
      Object.assign(changes.fields, { name, name_key: name.toLowerCase() });
    }
    // The proposed privacy triple, checked as a whole in Zulip's order (update_stream_backend).
    const inviteOnly = isPrivate ?? Boolean(stream.invite_only);
    const webPublic = isWebPublic ?? Boolean(stream.is_web_public);
    // Changing privacy alone gives the new kind's default: private channels protect history.
    const sharedHistory = historyPublic ?? (isPrivate !== undefined ? !isPrivate : Boolean(stream.history_public_to_subscribers));
    if (webPublic && (!sharedHistory || inviteOnly)) throw new BadRequestError("Invalid parameters");
    // Public channels always share their history with new subscribers.
    if (!inviteOnly && !sharedHistory) throw new BadRequestError("Invalid parameters");
    if (isDefault === true || (inviteOnly && (await defaultStreamIds(db, ctx.realm.id)).includes(stream.id) && isDefault !== false)) {
      if (inviteOnly) throw new BadRequestError("A default channel cannot be private.");
      if (!isAdmin(user)) throw new BadRequestError("Insufficient permission");
    }
    if (!inviteOnly && (await realmMessageSettings(db, ctx.realm.id)).moderation_request_channel_id === stream.id) throw new BadRequestError("Moderation request channel must be private.");
    if (isPrivate !== undefined) changes.fields.invite_only = isPrivate ? 1 : 0;
    if (isWebPublic !== undefined) {
      if (isWebPublic && !scope.graph.isMember(user.id, scope.realmSettings.can_create_web_public_channel_group)) throw new BadRequestError("Insufficient permission");
      changes.fields.is_web_public = isWebPublic ? 1 : 0;
    }
    if (historyPublic !== undefined || isPrivate !== undefined || isWebPublic !== undefined) changes.fields.history_public_to_subscribers = sharedHistory ? 1 : 0;
    if (retention !== undefined) {
      if (!isOwner(user)) throw mustBeOwner();
      changes.fields.message_retention_days = checkRetentionDays(retention);
    }
    if (isArchived !== undefined) {
      if (isArchived) throw new BadRequestError("Invalid parameters");
      changes.fields.deactivated = 0;
    }
    if (folderId !== undefined) changes.fields.folder_id = folderId === null ? null : (await accessChannelFolder(db, ctx.realm.id, folderId)).id;
    if (topicsPolicy !== undefined) changes.fields.topics_policy = oneOf(TOPICS_POLICIES)(topicsPolicy, "topics_policy");

    const realmUsers = new Set((await usersInRealm(db, ctx.realm.id)).map((u) => u.id));
    for (const [settingName, change] of settingChanges) {
      const name = settingName as StreamGroupSetting;
      const current = presentGroupSetting(scope.graph, stream[name]);
      if (change.old !== undefined && !sameGroupSetting(change.old, current)) throw previousSettingMismatch();
      changes.groupSettings[name] = checkGroupSetting(scope.graph, realmUsers, change.new, { settingName: name });
    }

    await doUpdateChannel(deps, ctx.realm.id, stream, changes, clock.now().getTime());
    return {};
  },
));
