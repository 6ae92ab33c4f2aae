// The caller's subscriptions: subscribe (creating channels), unsubscribe, list.
import type { ChatDeps } from "../deps.js";
import { guarded, handler, raising, type UserContext } from "../http/endpoint.js";
import { given, optional, refine, required, withDefault } from "../http/declare.js";
import { BadRequestError, insufficientPermission, StreamDoesNotExistError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, field, list, object, optionalField, string } from "../http/validators.js";
import { channelDescription, checkChannelName, MAX_CHANNEL_DESCRIPTION_LENGTH } from "../actions/channel-checks.js";
import { subscribeAndNotify, unsubscribeAndNotify } from "../actions/subscriptions.js";
import { messageScope } from "../actions/message-context.js";
import { renderChannelDescription } from "../actions/render.js";
import { canAddSubscribers, canRemoveSubscribers, canSubscribeSelf } from "../lib/channel-permissions.js";
import { presentSubscription } from "../present/channel.js";
import { subscribersByStream } from "../store/subscriptions.js";
import { usersInRealm } from "../store/users.js";
import type { Stream } from "../store/streams.js";
import { channelByName, channelScope, isSubscribed, visible } from "./channel-access.js";
import { accessChannelFolder } from "../actions/channel-folders.js";
import { channelSettingParams, checkCanCreateChannel, checkChannelGroupSettings, type ChannelSettings } from "./channel-settings.js";
import { principalsValidator, resolvePrincipals } from "./principals.js";
import { requireMember } from "./guards.js";

const subscriptionRequests = list(object({ name: field(string()), description: optionalField(string({ maxLength: MAX_CHANNEL_DESCRIPTION_LENGTH })) }, { allowExtra: true }));

export const subscribe = raising(["UNAUTHORIZED_PRINCIPAL"], guarded(
  // Zulip's view is wrapped in require_non_guest_user: guests are only ever added by others.
  requireMember,
  handler(
    {
      requests: required("subscriptions", json(subscriptionRequests)),
      retentionGiven: given("message_retention_days"),
      settings: channelSettingParams,
      announce: withDefault("announce", json(bool), false),
      principals: optional("principals", json(principalsValidator)),
      fatal: withDefault("authorization_errors_fatal", json(bool), true),
    },
    async (ctx, { requests, retentionGiven, settings, principals, fatal }) => addSubscriptions(ctx.deps, ctx, { requests, settings, retentionGiven, principals, fatal }),
  ),
));

export const unsubscribe = raising(["STREAM_DOES_NOT_EXIST"], handler(
  { names: required("subscriptions", json(list(string()))), principals: optional("principals", json(principalsValidator)) },
  async (ctx, { names, principals }) => removeSubscriptions(ctx.deps, ctx, names, principals),
));

export const listSubscriptions = handler(
  {
    mode: refine(withDefault("include_subscribers", raw(), "false"), (mode) => {
      if (!["true", "false", "partial"].includes(mode)) throw new BadRequestError("Invalid include_subscribers");
      return mode;
    }),
  },
  async (ctx, { mode }) => {
    const { db } = ctx.deps;
    const scope = await channelScope(db, ctx);
    const mine = scope.streams.filter((s) => isSubscribed(scope, s.id));
    const subscribers = await subscribersByStream(db, mine.map((s) => s.id));
    return {
      subscriptions: mine.map((s) => presentSubscription(s, scope.subs.get(s.id)!, scope.graph, subscribers.get(s.id) ?? [], mode !== "false")),
    };
  },
);

export interface AddSubscriptionsRequest {
  requests: { name: string; description?: string }[];
  settings: ChannelSettings;
  retentionGiven: boolean;
  principals: string[] | number[] | undefined;
  fatal: boolean;
}

/** POST /users/me/subscriptions once its parameters are read (also the "add" half of PATCH). */
export async function addSubscriptions(deps: ChatDeps, ctx: UserContext, input: AddSubscriptionsRequest): Promise<Record<string, unknown>> {
  const { db, clock } = deps;
  const { user } = ctx;
  const { requests, settings, retentionGiven, principals, fatal } = input;
  const scope = await channelScope(db, ctx);
  const targets = await resolvePrincipals(ctx.deps, ctx, principals);
  const others = targets.some((u) => u.id !== user.id);
  const existing: Stream[] = [];
  const toCreate: { name: string; description: string }[] = [];
  const unauthorized: string[] = [];
  for (const request of requests) {
    const name = checkChannelName(request.name);
    const stream = channelByName(scope, name);
    if (!stream) {
      if (!toCreate.some((c) => c.name.toLowerCase() === name.toLowerCase())) toCreate.push({ name, description: channelDescription(request.description ?? "") });
      continue;
    }
    if (existing.some((s) => s.id === stream.id)) continue;
    const subscribed = isSubscribed(scope, stream.id);
    const allowed = stream.deactivated
      ? false
      : others
        ? canAddSubscribers(scope.graph, user, stream, subscribed, scope.realmSettings.can_add_subscribers_group)
        : subscribed || canSubscribeSelf(scope.graph, user, stream);
    if (allowed) existing.push(stream);
    else if (others && visible(scope, ctx, stream)) throw insufficientPermission();
    else unauthorized.push(stream.name);
  }
  if (unauthorized.length && fatal) throw new BadRequestError(`Unable to access channel (${unauthorized[0]}).`);
  if (toCreate.length) {
    checkCanCreateChannel(scope, ctx, settings, retentionGiven);
    if (settings.folderId !== null) await accessChannelFolder(db, ctx.realm.id, settings.folderId);
    if (others && !scope.graph.isMember(user.id, scope.realmSettings.can_add_subscribers_group)) throw insufficientPermission();
  }
  const realmUserIds = new Set((await usersInRealm(db, ctx.realm.id)).map((u) => u.id));
  const groupSettings = checkChannelGroupSettings(scope, realmUserIds, settings.groupSettings);

  const now = clock.now().getTime();
  const renderScope = toCreate.some((c) => c.description) ? await messageScope(deps, ctx.realm, user, ctx.state) : null;
  const newChannels = [];
  for (const request of toCreate) {
    const renderedDescription = renderScope ? await renderChannelDescription(deps, renderScope, request.description) : "";
    newChannels.push({ realmId: ctx.realm.id, ...request, renderedDescription, ...settings, groupSettings, creatorId: user.id, subscriberIds: [], now });
  }
  const { created, joined, added } = await subscribeAndNotify(deps, ctx.realm.id, scope.graph, newChannels, existing.map((s) => s.id), targets.map((u) => u.id));
  // joined: channels to create that another request created first (subscribed to instead).
  const channels = [...existing, ...(created as Stream[]), ...(joined as Stream[])];
  const subscribed: Record<string, string[]> = {};
  const alreadySubscribed: Record<string, string[]> = {};
  for (const target of targets) {
    for (const channel of channels) {
      const isNew = added.some((a) => a.userId === target.id && a.streamId === channel.id);
      const bucket = isNew ? subscribed : alreadySubscribed;
      (bucket[String(target.id)] ??= []).push(channel.name);
    }
  }
  const out: Record<string, unknown> = { subscribed, already_subscribed: alreadySubscribed };
  if (!fatal) out.unauthorized = unauthorized;
  return out;
}

/** DELETE /users/me/subscriptions once its parameters are read (also the "delete" half of PATCH). */
export async function removeSubscriptions(deps: ChatDeps, ctx: UserContext, names: string[], principals: string[] | number[] | undefined): Promise<Record<string, unknown>> {
  const { db } = deps;
  const { user } = ctx;
  const scope = await channelScope(db, ctx);
  const targets = await resolvePrincipals(ctx.deps, ctx, principals);
  const others = targets.some((u) => u.id !== user.id);
  const channels: Stream[] = [];
  for (const name of names) {
    const stream = channelByName(scope, name);
    if (!stream || !visible(scope, ctx, stream)) throw new StreamDoesNotExistError(name);
    if (others && !canRemoveSubscribers(scope.graph, user, stream)) throw insufficientPermission();
    if (!channels.some((c) => c.id === stream.id)) channels.push(stream);
  }
  const removed = await unsubscribeAndNotify(deps, ctx.realm.id, targets.map((u) => u.id), channels.map((c) => c.id));
  const removedNames = channels.filter((c) => removed.some((r) => r.streamId === c.id)).map((c) => c.name);
  const notRemoved = channels.filter((c) => !removed.some((r) => r.streamId === c.id)).map((c) => c.name);
  return { removed: removedNames, not_removed: notRemoved };
}
