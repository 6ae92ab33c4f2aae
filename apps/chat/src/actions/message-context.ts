// Everything the message actions read about a realm before writing: its group graph, group
// and message settings, channels, and the acting user's subscriptions.
import type { ChatDeps } from "../deps.js";
import { GroupGraph } from "../lib/group-graph.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { isGuest } from "../lib/roles.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { realmGroupSettings, type Realm } from "../store/realms.js";
import { streamsInRealm, type Stream } from "../store/streams.js";
import { subscriptionsOfUser, type Subscription } from "../store/subscriptions.js";
import { realmMessageSettings, type RealmMessageSettings } from "../store/message-settings.js";
import type { User } from "../store/users.js";

export interface MessageScope {
  realm: Realm;
  user: User;
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  settings: RealmMessageSettings;
  streams: Map<number, Stream>;
  subs: Map<number, Subscription>;
}

export async function messageScope(deps: ChatDeps, realm: Realm, user: User): Promise<MessageScope> {
  const [snapshot, realmSettings, settings, streams, subs] = await Promise.all([
    groupSnapshot(deps.db, realm.id),
    realmGroupSettings(deps.db, realm.id),
    realmMessageSettings(deps.db, realm.id),
    streamsInRealm(deps.db, realm.id),
    subscriptionsOfUser(deps.db, user.id),
  ]);
  return {
    realm,
    user,
    graph: new GroupGraph(snapshot),
    realmSettings,
    settings,
    streams: new Map(streams.map((s) => [s.id, s])),
    subs: new Map(subs.map((s) => [s.stream_id, s])),
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
