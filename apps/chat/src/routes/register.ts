// POST /register: allocates an event queue and returns the initial state the client asks for,
// consistent with the queue (events/system.ts). Sections follow Zulip's fetch_event_types names.
import type { ChatDeps } from "../deps.js";
import { handler, type UserContext } from "../http/endpoint.js";
import { realmEmailDomain, realmUrl } from "../config.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { BOT_OUTGOING_WEBHOOK, isAdmin, isGuest, isModerator, isOwner } from "../lib/roles.js";
import { presentServices } from "../present/bot-services.js";
import { servicesInRealm } from "../store/outgoing-webhooks.js";
import { ZULIP_FEATURE_LEVEL, ZULIP_MERGE_BASE, ZULIP_VERSION } from "../lib/version.js";
import { presentChannel, presentSubscription } from "../present/channel.js";
import { presentGroup } from "../present/group.js";
import { SERVER_LIMITS } from "../lib/server-limits.js";
import { presentRealmState } from "../present/realm.js";
import { userSettings } from "../present/user-settings.js";
import { currentUserSettings } from "../actions/settings.js";
import { presentDevices } from "../present/push.js";
import { userDevices } from "../store/push.js";
import { avatarUrl, presentUser } from "../present/user.js";
import { defaultStreamIds } from "../store/streams.js";
import { subscribersByStream } from "../store/subscriptions.js";
import { usersInRealm } from "../store/users.js";
import { groupsInRealm } from "../store/groups.js";
import { isSubscribed, snapshotChannelScope } from "./channel-access.js";
import { emptySections } from "./register-empty.js";
import { nextOnboardingSteps } from "../actions/onboarding-steps.js";
import { presentDefaultStreamGroups } from "../actions/default-stream-groups.js";
import { presentRealmEmojiDict } from "../present/realm-emoji.js";
import { realmEmojiRows } from "../store/realm-emoji.js";
import { messageSections } from "../store/register-messages.js";
import { registerParams, registerRequest, type RegisterRequest } from "./register-params.js";
import { presenceResponse } from "./presence-state.js";
import { orgSections } from "./register-org.js";
import { userExtraSections } from "./register-user-extras.js";
import { extraSections } from "./register-extras.js";
import { mobileSections } from "./register-mobile.js";
import { profileRows } from "../store/profile-data.js";
import { profileDataOf } from "../present/custom-profile-field.js";

export const registerQueue = handler(registerParams, async (ctx, args) => {
  const { deps } = ctx;
  const request = await registerRequest(ctx, deps.db, args);
  // The queue exists (and collects events) before the state is read; events/system.ts.
  const { client, state, lastEventId } = await deps.events.register(request.queue, (db) => initialState({ ...deps, db }, ctx, request, deps.db));
  return {
    queue_id: client.id,
    idle_queue_timeout_secs: request.idleSecs,
    last_event_id: lastEventId,
    zulip_feature_level: ZULIP_FEATURE_LEVEL,
    zulip_version: ZULIP_VERSION,
    zulip_merge_base: ZULIP_MERGE_BASE,
    ...state,
  };
});

/** The state sections the client asked for, read with `deps.db` (the snapshot transaction of `root`). */
async function initialState(deps: ChatDeps, ctx: UserContext, request: RegisterRequest, root: ChatDeps["db"]): Promise<Record<string, unknown>> {
  const { db, clock, config } = deps;
  const { user, realm } = ctx;
  const { wants, includeSubscribers } = request;
  const { clientGravatar, capabilities } = request.queue;
  const state: Record<string, unknown> = {};

  // Read only what the wanted sections need: a bot registering for messages alone should not
  // load every user and channel of a large realm.
  const scope = ["realm", "realm_user", "subscription", "stream", "realm_user_groups"].some(wants) ? await snapshotChannelScope(db, root, ctx) : undefined!;
  const users = wants("realm_user") || wants("realm_bot") ? await usersInRealm(db, realm.id) : [];
  const url = realmUrl(config, realm.string_id);
  const member = (setting: string) => scope.graph.isMember(user.id, scope.realmSettings[setting]);

  if (wants("realm")) {
    Object.assign(state, presentRealmState(realm, url, realmEmailDomain(config, realm.string_id), scope.realmSettings, scope.graph), SERVER_LIMITS);
  }
  if (wants("realm_user")) {
    const view = { viewer: user, clientGravatar, includeCustomProfileFields: true, profileData: profileDataOf(await profileRows(db, realm.id)) };
    Object.assign(state, {
      realm_users: users.filter((u) => u.is_active).map((u) => presentUser(u, view)),
      realm_non_active_users: users.filter((u) => !u.is_active).map((u) => presentUser(u, view)),
      cross_realm_bots: [],
      user_id: user.id,
      email: user.email,
      delivery_email: user.delivery_email,
      full_name: user.full_name,
      avatar_source: user.avatar_source,
      avatar_url: avatarUrl(user, false),
      avatar_url_medium: avatarUrl(user, false, true),
      is_admin: isAdmin(user),
      is_owner: isOwner(user),
      is_moderator: isModerator(user),
      is_guest: isGuest(user),
      can_create_streams: member("can_create_public_channel_group") || member("can_create_private_channel_group"),
      can_create_public_streams: member("can_create_public_channel_group"),
      can_create_private_streams: member("can_create_private_channel_group"),
      can_create_web_public_streams: member("can_create_web_public_channel_group"),
      can_subscribe_other_users: member("can_add_subscribers_group"),
      can_invite_others_to_realm: member("can_invite_users_group"),
    });
  }
  const archivedOk = capabilities.archivedChannels;
  const streamsWanted = wants("subscription") || wants("stream");
  const visibleStreams = streamsWanted ? scope.streams.filter((s) => (archivedOk || !s.deactivated) && canSeeChannel(scope.graph, user, s, isSubscribed(scope, s.id))) : [];
  const subscribers = streamsWanted ? await subscribersByStream(db, visibleStreams.map((s) => s.id)) : new Map<number, number[]>();
  const subscribersOf = (id: number) => subscribers.get(id) ?? [];
  if (wants("subscription")) {
    const withSubscribers = includeSubscribers !== "false";
    const present = (s: (typeof visibleStreams)[number]) => presentSubscription(s, scope.subs.get(s.id)!, scope.graph, subscribersOf(s.id), withSubscribers);
    state.subscriptions = visibleStreams.filter((s) => isSubscribed(scope, s.id)).map(present);
    state.unsubscribed = visibleStreams.filter((s) => scope.subs.has(s.id) && !isSubscribed(scope, s.id)).map(present);
    state.never_subscribed = visibleStreams
      .filter((s) => !scope.subs.has(s.id))
      .map((s) => {
        const out = presentChannel(s, scope.graph, subscribersOf(s.id).length);
        if (withSubscribers) out.subscribers = subscribersOf(s.id);
        return out;
      });
  }
  if (wants("stream")) state.streams = visibleStreams.map((s) => presentChannel(s, scope.graph, subscribersOf(s.id).length));
  if (wants("default_streams")) state.realm_default_streams = await defaultStreamIds(db, realm.id);
  if (wants("default_stream_groups")) state.realm_default_stream_groups = await presentDefaultStreamGroups(db, realm.id);
  if (wants("realm_user_groups")) {
    const includeDeactivated = capabilities.includeDeactivatedGroups;
    const groups = (await groupsInRealm(db, realm.id)).filter((g) => g.name !== null && (includeDeactivated || !g.deactivated));
    state.realm_user_groups = groups.map((g) => presentGroup(g, scope.graph));
  }
  if (wants("realm_bot")) {
    const bots = users.filter((u) => u.is_bot && (isAdmin(user) || u.bot_owner_id === user.id));
    // Outgoing webhook bots' services (read only when there is one).
    const services = bots.some((b) => b.bot_type === BOT_OUTGOING_WEBHOOK) ? await servicesInRealm(db, realm.id) : new Map();
    // Since feature level 474 a bot's dict holds only what the bot settings add to its user dict.
    state.realm_bots = bots.map((b) => ({
      user_id: b.id,
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: Boolean(b.default_all_public_streams),
      services: presentServices(services.get(b.id)),
    }));
  }
  if (wants("user_settings") || wants("update_display_settings") || wants("update_global_notifications")) {
    const settings = await currentUserSettings(db, user);
    // The top-level copies of older settings went away at feature level 439.
    state.user_settings = settings;
  }
  if (wants("realm_user_settings_defaults")) {
    const { timezone: _timezone, available_notification_sounds: _sounds, emojiset_choices: _choices, ...defaults } = userSettings("");
    state.realm_user_settings_defaults = defaults;
  }
  Object.assign(state, emptySections(wants, clock.now().getTime()));
  if (wants("onboarding_steps")) Object.assign(state, { onboarding_steps: await nextOnboardingSteps(db, user.id), navigation_tour_video_url: null });
  if (wants("realm_emoji")) state.realm_emoji = presentRealmEmojiDict(await realmEmojiRows(db, realm.id));
  if (wants("device")) state.devices = presentDevices(await userDevices(db, user.id));
  Object.assign(state, await orgSections(deps, ctx, wants));
  Object.assign(state, await userExtraSections(deps, ctx, wants));
  Object.assign(state, await extraSections(deps, ctx, wants, capabilities));
  Object.assign(state, await mobileSections(deps, ctx, wants));
  Object.assign(state, await messageSections(db, deps.dialect, user.id, wants, capabilities.emptyTopicName));
  if (wants("presence")) {
    const now = clock.now().getTime();
    Object.assign(state, await presenceResponse(db, realm.id, now, { slim: request.queue.slimPresence, historyLimitDays: request.presenceHistoryLimitDays }));
  }
  return state;
}
