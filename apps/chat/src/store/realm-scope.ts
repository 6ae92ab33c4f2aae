// The realm-wide part of what a channel route needs: the group graph of every user and group,
// the settings' groups and the channels. /register reads it inside its snapshot transaction,
// and in a large realm it is most of that read (ten thousand users for the graph), so the
// last one read is kept per database and realm while the state version the snapshot shows is
// the one it was read under (migration 005: every write to those tables moves the version in
// the writing transaction). Only snapshot reads fill it, so a version names exactly what was
// read with it.
import { GroupGraph } from "../lib/group-graph.js";
import { groupSnapshot } from "./group-snapshot.js";
import { stateVersionIn } from "./realm-state.js";
import { realmGroupSettings } from "./realms.js";
import type { ChatDb } from "./schema.js";
import { streamsInRealm, type Stream } from "./streams.js";

export interface RealmScope {
  graph: GroupGraph;
  realmSettings: Record<string, number>;
  streams: Stream[];
}

/** The realm's scope read with `db` (a transaction or the database). */
export async function readRealmScope(db: ChatDb, realmId: number): Promise<RealmScope> {
  const [snapshot, realmSettings, streams] = await Promise.all([groupSnapshot(db, realmId), realmGroupSettings(db, realmId), streamsInRealm(db, realmId)]);
  return { graph: new GroupGraph(snapshot), realmSettings, streams };
}

// By the database (the root Kysely instance) and realm.
const kept = new WeakMap<ChatDb, Map<number, RealmScope & { version: number }>>();

/**
 * The realm's scope as the snapshot transaction `snapshot` (of the database `root`) shows it,
 * kept from one call to the next while the state version stays. Kept rows are shared: callers
 * must not change them.
 */
export async function snapshotRealmScope(snapshot: ChatDb, root: ChatDb, realmId: number): Promise<RealmScope> {
  const version = await stateVersionIn(snapshot);
  let realms = kept.get(root);
  if (!realms) kept.set(root, (realms = new Map()));
  const known = realms.get(realmId);
  if (known && known.version === version) return known;
  const scope = { ...(await readRealmScope(snapshot, realmId)), version };
  realms.set(realmId, scope);
  return scope;
}
