// Everything a channel route needs about the caller's realm, and the access checks with
// Zulip's wording ("Invalid channel ID" for channels the caller may not know about).
import type { ChatDb } from "../store/schema.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError } from "../http/errors.js";
import { GroupGraph } from "../lib/group-graph.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { realmGroupSettings } from "../store/realms.js";
import { streamsInRealm, type Stream } from "../store/streams.js";
import { subscriptionsOfUser, type Subscription } from "../store/subscriptions.js";

export interface ChannelScope {
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  streams: Stream[];
  /** the caller's subscription rows, active or not, by channel id */
  subs: Map<number, Subscription>;
}

export async function channelScope(db: ChatDb, caller: Caller): Promise<ChannelScope> {
  const [snapshot, realmSettings, streams, subs] = await Promise.all([
    groupSnapshot(db, caller.realm.id),
    realmGroupSettings(db, caller.realm.id),
    streamsInRealm(db, caller.realm.id),
    subscriptionsOfUser(db, caller.user.id),
  ]);
  return { graph: new GroupGraph(snapshot), realmSettings, streams, subs: new Map(subs.map((s) => [s.stream_id, s])) };
}

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
