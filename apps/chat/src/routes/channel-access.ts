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
import { stateVersionIn } from "../store/realm-state.js";

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

/** A realm's part of a ChannelScope, as read in a snapshot showing state version `version`. */
interface RealmScope {
  version: number;
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  streams: Stream[];
}

// By the database (the root Kysely instance) and realm: the scope /register read last.
const registerScopes = new WeakMap<ChatDb, Map<number, RealmScope>>();

/**
 * channelScope for /register, read in its snapshot transaction `db` (of the database `root`):
 * the realm's part (its group graph of every user and group, its settings' groups, its
 * channels) is kept from one /register to the next while the state version the snapshot shows
 * is the one it was read under (migration 005: every write to those tables moves it, in the
 * writing transaction), so in a large realm most registers read one row instead of ten
 * thousand users. Only snapshot reads fill it, so a version names exactly what was read with it.
 * Kept rows are shared: they must not be changed.
 */
export async function snapshotChannelScope(db: ChatDb, root: ChatDb, caller: Caller): Promise<ChannelScope> {
  const version = await stateVersionIn(db);
  let scopes = registerScopes.get(root);
  if (!scopes) registerScopes.set(root, (scopes = new Map()));
  let realm = scopes.get(caller.realm.id);
  const subsRead = subscriptionsOfUser(db, caller.user.id);
  if (!realm || realm.version !== version) {
    const [snapshot, realmSettings, streams] = await Promise.all([groupSnapshot(db, caller.realm.id), realmGroupSettings(db, caller.realm.id), streamsInRealm(db, caller.realm.id)]);
    realm = { version, graph: new GroupGraph(snapshot), realmSettings, streams };
    scopes.set(caller.realm.id, realm);
  }
  const subs = await subsRead;
  return { graph: realm.graph, realmSettings: realm.realmSettings, streams: realm.streams, subs: new Map(subs.map((s) => [s.stream_id, s])) };
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
