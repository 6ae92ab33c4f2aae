// Channels: create, list, read, look up by name, members, update, archive, default channels.
import { guarded, handler, raising } from "../http/endpoint.js";
import { given, refine, required, withDefault } from "../http/declare.js";
import { BadRequestError, ChannelAlreadyExistsError, CannotAdministerChannelError } from "../http/errors.js";
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
import { channelSettingParams, checkCanCreateChannel, checkChannelGroupSettings } from "./channel-settings.js";
import { requireAdmin, requireMember } from "./guards.js";

export const createNewChannel = raising(["CHANNEL_ALREADY_EXISTS", "UNAUTHORIZED_PRINCIPAL"], guarded(
  // Zulip's view is wrapped in require_non_guest_user, which refuses before any parameter.
  requireMember,
  handler(
    {
      name: refine(required("name", raw()), checkChannelName),
      description: refine(withDefault("description", raw({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH }), ""), channelDescription),
      subscriberIds: required("subscribers", json(list(int()))),
      announce: withDefault("announce", json(bool), false),
      retentionGiven: given("message_retention_days"),
      settings: channelSettingParams,
    },
    async (ctx, { name, description, subscriberIds, retentionGiven, settings }) => {
      const { deps } = ctx;
      const { db } = deps;
      const scope = await channelScope(db, ctx);
      const existing = channelByName(scope, name);
      if (existing) throw new ChannelAlreadyExistsError(existing.name);
      checkCanCreateChannel(scope, ctx, settings, retentionGiven);
      if (settings.folderId !== null) await accessChannelFolder(db, ctx.realm.id, settings.folderId);
      const users = await usersInRealm(db, ctx.realm.id);
      const active = new Set(users.filter((u) => u.is_active).map((u) => u.id));
      for (const id of subscriberIds) if (!active.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
      const groupSettings = checkChannelGroupSettings(scope, new Set(users.map((u) => u.id)), settings.groupSettings);
      const id = await createChannel(deps, scope.graph, {
        realmId: ctx.realm.id,
        name,
        description,
        renderedDescription: await renderChannelDescription(deps, await messageScope(deps, ctx.realm, ctx.user, ctx.state), description),
        ...settings,
        groupSettings,
        creatorId: ctx.user.id,
        subscriberIds: [...new Set(subscriberIds)],
        now: deps.clock.now().getTime(),
      });
      return { id };
    },
  ),
));

const includeFlag = (name: string, fallback: boolean) => withDefault(name, json(bool), fallback);

export const listChannels = handler(
  {
    includePublic: includeFlag("include_public", true),
    includeWebPublic: includeFlag("include_web_public", false),
    includeSubscribed: includeFlag("include_subscribed", true),
    excludeArchived: includeFlag("exclude_archived", true),
    includeAllActive: includeFlag("include_all_active", false),
    includeAll: includeFlag("include_all", false),
    includeDefault: includeFlag("include_default", false),
    includeOwnerSubscribed: includeFlag("include_owner_subscribed", false),
    includeCanAccessContent: includeFlag("include_can_access_content", false),
  },
  async (ctx, args) => {
    const { deps, user } = ctx;
    const { db } = deps;
    const { includePublic, includeWebPublic, includeSubscribed, excludeArchived, includeAllActive, includeAll, includeDefault, includeOwnerSubscribed } = args;
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
  },
);

export const getChannel = handler({}, async (ctx) => {
  const { db } = ctx.deps;
  const scope = await channelScope(db, ctx);
  const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
  const subscribers = await subscribersByStream(db, [stream.id]);
  return { stream: presentChannel(stream, scope.graph, subscribers.get(stream.id)!.length) };
});

export const channelId = handler({ name: required("stream", raw()) }, async (ctx, { name }) => {
  const scope = await channelScope(ctx.deps.db, ctx);
  const stream = channelByName(scope, name);
  if (!stream || !visible(scope, ctx, stream)) throw new BadRequestError(`Invalid channel name '${name}'`);
  return { stream_id: stream.id };
});

export const channelMembers = handler({}, async (ctx) => {
  const { db } = ctx.deps;
  const scope = await channelScope(db, ctx);
  const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
  // Subscribers of a private channel are for its subscribers and administrators only.
  if (stream.invite_only && !isSubscribed(scope, stream.id) && !canAdministerChannel(scope.graph, ctx.user, stream)) throw new BadRequestError("Invalid channel ID");
  return { subscribers: (await subscribersByStream(db, [stream.id])).get(stream.id) };
});

export const archiveChannelById = raising(["CANNOT_ADMINISTER_CHANNEL"], handler({}, async (ctx) => {
  const scope = await channelScope(ctx.deps.db, ctx);
  const stream = accessChannelById(scope, ctx, pathId(ctx.path.stream_id));
  if (!canAdministerChannel(scope.graph, ctx.user, stream)) throw new CannotAdministerChannelError();
  if (stream.deactivated) throw new BadRequestError("Channel is already deactivated");
  await archiveChannel(ctx.deps, ctx.realm.id, stream);
  return {};
}));

const streamIdParam = { id: required("stream_id", json(int())) };

export const addDefaultChannel = guarded(
  requireAdmin,
  handler(streamIdParam, async (ctx, { id }) => {
    const scope = await channelScope(ctx.deps.db, ctx);
    const stream = accessChannelById(scope, ctx, id);
    if (stream.invite_only) throw new BadRequestError("Private channels cannot be made default.");
    await setDefaultChannel(ctx.deps, ctx.realm.id, stream.id, true);
    return {};
  }),
);

export const removeDefaultChannel = guarded(
  requireAdmin,
  handler(streamIdParam, async (ctx, { id }) => {
    const scope = await channelScope(ctx.deps.db, ctx);
    const stream = accessChannelById(scope, ctx, id);
    await setDefaultChannel(ctx.deps, ctx.realm.id, stream.id, false);
    return {};
  }),
);
