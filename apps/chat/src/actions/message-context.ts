// Everything the message actions read about a realm before writing: its group graph, group
// and message settings, channels, and the acting user's subscriptions. All of it comes from
// the realm-state cache (store/realm-state.ts), which reloads whenever any of it changed.
import type { ChatDeps } from "../deps.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { isGuest } from "../lib/roles.js";
import type { Realm } from "../store/realms.js";
import { stateCache, type RealmState, type StateGeneration } from "../store/realm-state.js";
import type { Stream } from "../store/streams.js";
import type { Subscription } from "../store/subscriptions.js";
import type { RealmMessageSettings } from "../store/message-settings.js";
import type { User } from "../store/users.js";

export interface MessageScope {
  realm: Realm;
  user: User;
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  settings: RealmMessageSettings;
  streams: Map<number, Stream>;
  subs: Map<number, Subscription>;
  /** the realm's cached state (users, groups, channels by name), shared: never mutate it */
  state: RealmState;
  /** the cache generation it came from, for lazily cached lookups (channel subscribers) */
  cache: StateGeneration;
}

/**
 * The scope of `user` in `realm`. Pass the request's `state` (UserContext.state) to reuse the
 * version read of authentication; without it the current version is read.
 */
export async function messageScope(deps: ChatDeps, realm: Realm, user: User, cache?: StateGeneration): Promise<MessageScope> {
  cache ??= await stateCache(deps.db).generation();
  const [state, subs] = await Promise.all([cache.realm(realm.id), cache.subscriptionsOf(user.id)]);
  if (!state) throw new Error(`realm ${realm.id} does not exist`);
  return {
    realm,
    user,
    graph: state.graph,
    realmSettings: state.realmSettings,
    settings: state.settings,
    streams: state.streams,
    subs,
    state,
    cache,
  };
}

export const subscribed = (scope: MessageScope, streamId: number): boolean => Boolean(scope.subs.get(streamId)?.active);

export function channelVisible(scope: MessageScope, stream: Stream): boolean {
  return canSeeChannel(scope.graph, scope.user, stream, subscribed(scope, stream.id));
}

/**
 * Whether the user may read the channel's whole history without having received each
 * message (Zulip's ok_to_include_history for one channel).
 */
export function canReadChannelHistory(scope: MessageScope, stream: Stream): boolean {
  if (stream.is_web_public) return true;
  if (!stream.history_public_to_subscribers) return false;
  if (subscribed(scope, stream.id)) return true;
  return !stream.invite_only && !isGuest(scope.user);
}

export const inGroupSetting = (scope: MessageScope, userId: number, name: string): boolean => {
  const group = scope.realmSettings[name];
  return group !== undefined && scope.graph.isMember(userId, group);
};
