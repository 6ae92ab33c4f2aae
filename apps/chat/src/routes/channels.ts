// Channels: create, list, read, look up by name, members, update, archive, default channels.
import type { Api } from "../http/endpoint.js";
import { BadRequestError, ChannelAlreadyExistsError, CannotAdministerChannelError, mustBeAdmin, notAllowedForGuests } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list } from "../http/validators.js";
import { archiveChannel, createChannel, setDefaultChannel } from "../actions/channels.js";
import { channelDescription, checkChannelName, MAX_CHANNEL_DESCRIPTION_LENGTH } from "../actions/channel-checks.js";
import { canAdministerChannel } from "../lib/channel-permissions.js";
import { isAdmin, isGuest } from "../lib/roles.js";
import { presentChannel } from "../present/channel.js";
import { messageScope } from "../actions/message-context.js";
import { renderChannelDescription } from "../actions/render.js";
import { defaultStreamIds } from "../store/streams.js";
import { subscribersByStream, activeSubscriptionIds } from "../store/subscriptions.js";
import { usersInRealm } from "../store/users.js";
import { pathId } from "./access.js";
import { accessChannelById, channelByName, channelScope, isSubscribed, visible } from "./channel-access.js";
import { accessChannelFolder } from "../actions/channel-folders.js";
import { checkCanCreateChannel, checkChannelGroupSettings, readChannelSettings } from "./channel-settings.js";
import { registerChannelUpdate } from "./channel-update.js";

export function register(api: Api): void {
  const { db, clock } = api.deps;

  api.user("POST", "/channels/create", async (ctx) => {
    const { params } = ctx;
    // Zulip's view is wrapped in require_non_guest_user, which refuses before any parameter.
    if (isGuest(ctx.user)) throw notAllowedForGuests();
    const name = checkChannelName(params.required("name", raw()));
    const description = channelDescription(params.withDefault("description", raw({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH }), ""));
    const subscriberIds = params.required("subscribers", json(list(int())));
    params.withDefault("announce", json(bool), false);
    const retentionGiven = params.has("message_retention_days");
    const settings = readChannelSettings(params);
    const scope = await channelScope(db, ctx);
    const existing = channelByName(scope, name);
    if (existing) throw new ChannelAlreadyExistsError(existing.name);
    checkCanCreateChannel(scope, ctx, settings, retentionGiven);
    if (settings.folderId !== null) await accessChannelFolder(db, ctx.realm.id, settings.folderId);
    const users = await usersInRealm(db, ctx.realm.id);
    const active = new Set(users.filter((u) => u.is_active).map((u) => u.id));
    for (const id of subscriberIds) if (!active.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
    const groupSettings = checkChannelGroupSettings(scope, new Set(users.map((u) => u.id)), settings.groupSettings);
    const id = await createChannel(api.deps, scope.graph, {
      realmId: ctx.realm.id,
      name,
      description,
      renderedDescription: await renderChannelDescription(api.deps, await messageScope(api.deps, ctx.realm, ctx.user, ctx.state), description),
      ...settings,
      groupSettings,
      creatorId: ctx.user.id,
      subscriberIds: [...new Set(subscriberIds)],
      now: clock.now().getTime(),
    });
    return { id };
  });

  api.user("GET", "/streams", async (ctx) => {
    const { params, user } = ctx;
    const includePublic = params.withDefault("include_public", json(bool), true);
    const includeWebPublic = params.withDefault("include_web_public", json(bool), false);
    const includeSubscribed = params.withDefault("include_subscribed", json(bool), true);
    const excludeArchived = params.withDefault("exclude_archived", json(bool), true);
    const includeAllActive = params.withDefault("include_all_active", json(bool), false);
    const includeAll = params.withDefault("include_all", json(bool), false);
    const includeDefault = params.withDefault("include_default", json(bool), false);
    const includeOwnerSubscribed = params.withDefault("include_owner_subscribed", json(bool), false);
    params.withDefault("include_can_access_content", json(bool), false);
    if (includeAllActive && !isAdmin(user)) throw new BadRequestError("User not authorized for this query");
    const scope = await channelScope(db, ctx);
    const ownerSubscribed = includeOwnerSubscribed && user.is_bot && user.bot_owner_id !== null ? await activeSubscriptionIds(db, user.bot_owner_id) : new Set<number>();
    const chosen = scope.streams.filter((s) => {
      if (excludeArchived && s.deactivated) return false;
      if (includeAll || includeAllActive) return visible(scope, ctx, s);
      if (includeSubscribed && isSubscribed(scope, s.id)) return true;
      if (includePublic && !s.invite_only && !isGuest(user)) return true;
      if (includeWebPublic && s.is_web_public) return true;
      return ownerSubscribed.has(s.id);
    });
    const subscribers = await subscribersByStream(db, chosen.map((s) => s.id));
    const defaults = includeDefault ? new Set(await defaultStreamIds(db, ctx.realm.id)) : undefined;
    return {
      streams: chosen.map((s) => {
        const out = presentChannel(s, scope.graph, subscribers.get(s.id)?.length ?? 0);
        if (defaults) out.is_default = defaults.has(s.id);
        return out;
      }),
    };
  });

  api.user("GET", "/streams/:stream_id", async (ctx) => {
    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
    const subscribers = await subscribersByStream(db, [stream.id]);
    return { stream: presentChannel(stream, scope.graph, subscribers.get(stream.id)!.length) };
  });

  api.user("GET", "/get_stream_id", async (ctx) => {
    const name = ctx.params.required("stream", raw());
    const scope = await channelScope(db, ctx);
    const stream = channelByName(scope, name);
    if (!stream || !visible(scope, ctx, stream)) throw new BadRequestError(`Invalid channel name '${name}'`);
    return { stream_id: stream.id };
  });

  api.user("GET", "/streams/:stream_id/members", async (ctx) => {
    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
    // Subscribers of a private channel are for its subscribers and administrators only.
    if (stream.invite_only && !isSubscribed(scope, stream.id) && !canAdministerChannel(scope.graph, ctx.user, stream)) throw new BadRequestError("Invalid channel ID");
    return { subscribers: (await subscribersByStream(db, [stream.id])).get(stream.id) };
  });

  api.user("DELETE", "/streams/:stream_id", async (ctx) => {
    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
    if (!canAdministerChannel(scope.graph, ctx.user, stream)) throw new CannotAdministerChannelError();
    if (stream.deactivated) throw new BadRequestError("Channel is already deactivated");
    await archiveChannel(api.deps, ctx.realm.id, stream);
    return {};
  });

  registerChannelUpdate(api);

  api.user("POST", "/default_streams", async (ctx) => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    const id = ctx.params.required("stream_id", json(int()));
    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, id);
    if (stream.invite_only) throw new BadRequestError("Private channels cannot be made default.");
    await setDefaultChannel(api.deps, ctx.realm.id, stream.id, true);
    return {};
  });

  api.user("DELETE", "/default_streams", async (ctx) => {
    if (!isAdmin(ctx.user)) throw mustBeAdmin();
    const id = ctx.params.required("stream_id", json(int()));
    const scope = await channelScope(db, ctx);
    const stream = accessChannelById(scope, ctx, id);
    await setDefaultChannel(api.deps, ctx.realm.id, stream.id, false);
    return {};
  });
}
