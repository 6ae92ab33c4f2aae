// Everything a channel route needs about the caller's realm, and the access checks with
// Zulip's wording ("Invalid channel ID" for channels the caller may not know about).
import type { ChatDb } from "../store/schema.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError } from "../http/errors.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { readRealmScope, snapshotRealmScope, type RealmScope } from "../store/realm-scope.js";
import type { Stream } from "../store/streams.js";
import { subscriptionsOfUser, type Subscription } from "../store/subscriptions.js";

export interface ChannelScope {
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  streams: Stream[];
  /** the caller's subscription rows, active or not, by channel id */
  subs: Map<number, Subscription>;
}

export async function channelScope(db: ChatDb, caller: Caller): Promise<ChannelScope> {
  const [realm, subs] = await Promise.all([readRealmScope(db, caller.realm.id), subscriptionsOfUser(db, caller.user.id)]);
  return withSubscriptions(realm, subs);
}

/**
 * channelScope for /register, read in its snapshot transaction `db` (of the database `root`),
 * the realm's part kept between registers while the state version stays (store/realm-scope.ts).
 */
export async function snapshotChannelScope(db: ChatDb, root: ChatDb, caller: Caller): Promise<ChannelScope> {
  const [realm, subs] = await Promise.all([snapshotRealmScope(db, root, caller.realm.id), subscriptionsOfUser(db, caller.user.id)]);
  return withSubscriptions(realm, subs);
}

const withSubscriptions = (realm: RealmScope, subs: Subscription[]): ChannelScope => ({
  graph: realm.graph,
  realmSettings: realm.realmSettings,
  streams: realm.streams,
  subs: new Map(subs.map((s) => [s.stream_id, s])),
});

export function isSubscribed(scope: ChannelScope, streamId: number): boolean {
  return Boolean(scope.subs.get(streamId)?.active);
}

export function visible(scope: ChannelScope, caller: Caller, stream: Stream): boolean {
  return canSeeChannel(scope.graph, caller.user, stream, isSubscribed(scope, stream.id));
}

export function accessChannelById(scope: ChannelScope, caller: Caller, id: number | undefined): Stream {
  const stream = scope.streams.find((s) => s.id === id);
  if (!stream || !visible(scope, caller, stream)) throw new BadRequestError("Invalid channel ID");
  return stream;
}

export function channelByName(scope: ChannelScope, name: string): Stream | undefined {
  const key = name.trim().toLowerCase();
  return scope.streams.find((s) => s.name_key === key);
}
