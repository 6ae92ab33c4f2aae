// The realm state every message request reads (realm row, users, groups and their graph, realm
// settings, channels, subscriptions, API keys), cached in memory and keyed by the database's
// state version (migrations/005_perf_state_version.ts: triggers bump it in every transaction
// that writes one of those tables).
//
// Each request reads the version once (one primary-key lookup) and gets the generation of the
// cache for it; a moved version starts an empty generation, so no write is ever missed, from
// this process or another one. The version is read before anything is loaded: state loaded
// after a concurrent commit is newer than its label, and the next request reloads it anyway.
// Cached rows are shared between requests and must never be mutated.
import { CompiledQuery } from "kysely";
import type { ChatDb } from "./schema.js";
import { GroupGraph } from "../lib/group-graph.js";
import { groupSnapshot } from "./group-snapshot.js";
import { selectRows } from "./sqlite-reads.js";
import { linkifiersInRealm } from "./linkifiers.js";
import type { UserGroup } from "./groups.js";
import { realmMessageSettings, type RealmMessageSettings } from "./message-settings.js";
import { defaultRealm, getRealm, realmBySubdomain, realmGroupSettings, type Realm } from "./realms.js";
import { streamsInRealm, type Stream } from "./streams.js";
import { subscribersByStream, subscriptionsOfUser, type Subscription } from "./subscriptions.js";
import { usersInRealm, type User } from "./users.js";

export interface RealmState {
  realm: Realm;
  graph: GroupGraph;
  /** realm_group_settings: setting name -> group id */
  realmSettings: Record<string, number>;
  settings: RealmMessageSettings;
  streams: Map<number, Stream>;
  /** by name_key */
  streamsByKey: Map<string, Stream>;
  /** ordered by id */
  users: User[];
  usersById: Map<number, User>;
  /** ordered by id */
  groups: UserGroup[];
  /** the realm's linkifiers in processing order, as the renderer takes them */
  linkifiers: { pattern: string; urlTemplate: string }[];
}

/**
 * store/users.ts userByApiEmail over the cached users: Zulip's get_user by the API email, so a
 * user whose address is hidden is found by their stand-in address, not by the real one.
 */
export function userByApiEmailIn(state: RealmState, email: string): User | undefined {
  const key = email.trim().toLowerCase();
  return state.users.find((u) => u.email.toLowerCase() === key);
}

const VERSION = CompiledQuery.raw("select version from chat_state_version where id = 1");

/** The state version `db` (a transaction's snapshot, or the database now) shows. */
export async function stateVersionIn(db: ChatDb): Promise<number> {
  const rows = await selectRows<{ version: number | string }>(db, VERSION);
  return Number(rows[0].version);
}

/** Loads each key once per generation; a failed load is forgotten so the next call retries. */
class Memo<K, V> {
  private readonly map = new Map<K, Promise<V>>();
  get(key: K, load: () => Promise<V>): Promise<V> {
    let value = this.map.get(key);
    if (!value) {
      value = load();
      this.map.set(key, value);
      value.catch(() => this.map.delete(key));
    }
    return value;
  }
  forget(key: K): void {
    this.map.delete(key);
  }
}

/** Everything cached for one state version. */
export class StateGeneration {
  private readonly realms = new Memo<number, RealmState | undefined>();
  private readonly subdomains = new Memo<string, number | undefined>();
  private readonly keys = new Memo<string, { userId: number; realmId: number } | undefined>();
  private readonly subs = new Memo<number, Map<number, Subscription>>();
  private readonly subscribers = new Memo<number, number[]>();
  private readonly derivedValues = new Memo<string, unknown>();

  constructor(
    private readonly db: ChatDb,
    readonly version: number,
  ) {}

  realm(realmId: number): Promise<RealmState | undefined> {
    return this.realms.get(realmId, () => loadRealmState(this.db, realmId));
  }

  async realmBySubdomain(subdomain: string): Promise<Realm | undefined> {
    const id = await this.subdomains.get(subdomain, async () => (await realmBySubdomain(this.db, subdomain))?.id);
    return id === undefined ? undefined : (await this.realm(id))?.realm;
  }

  async defaultRealm(): Promise<Realm | undefined> {
    const id = await this.subdomains.get("\0default", async () => (await defaultRealm(this.db))?.id);
    return id === undefined ? undefined : (await this.realm(id))?.realm;
  }

  /** The user holding the API key of this hash, with their realm's state. */
  async userByKeyHash(hash: string): Promise<{ user: User; state: RealmState } | undefined> {
    const owner = await this.keys.get(hash, () => keyOwner(this.db, hash));
    // Misses are not kept: random keys must not grow the cache.
    if (!owner) {
      this.keys.forget(hash);
      return undefined;
    }
    const state = await this.realm(owner.realmId);
    const user = state?.usersById.get(owner.userId);
    return state && user ? { user, state } : undefined;
  }

  /**
   * A value computed from this generation's state once (the serialized user list of a realm):
   * `key` must name everything it depends on besides the state.
   */
  derived<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.derivedValues.get(key, compute) as Promise<T>;
  }

  /** The user's subscription rows by channel id. */
  subscriptionsOf(userId: number): Promise<Map<number, Subscription>> {
    return this.subs.get(userId, async () => new Map((await subscriptionsOfUser(this.db, userId)).map((s) => [s.stream_id, s])));
  }

  /** Active subscribers of a channel who are active users, ordered by id. */
  subscribersOf(streamId: number): Promise<number[]> {
    return this.subscribers.get(streamId, async () => (await subscribersByStream(this.db, [streamId])).get(streamId) ?? []);
  }
}

async function keyOwner(db: ChatDb, hash: string): Promise<{ userId: number; realmId: number } | undefined> {
  const row = await db.selectFrom("api_keys").innerJoin("users", "users.id", "api_keys.user_id").select(["users.id", "users.realm_id"]).where("api_keys.key_hash", "=", hash).executeTakeFirst();
  return row && { userId: row.id, realmId: row.realm_id };
}

async function loadRealmState(db: ChatDb, realmId: number): Promise<RealmState | undefined> {
  const [realm, snapshot, realmSettings, settings, streams, users, linkifiers] = await Promise.all([
    getRealm(db, realmId),
    groupSnapshot(db, realmId),
    realmGroupSettings(db, realmId),
    realmMessageSettings(db, realmId),
    streamsInRealm(db, realmId),
    usersInRealm(db, realmId),
    linkifiersInRealm(db, realmId),
  ]);
  if (!realm) return undefined;
  return {
    realm,
    graph: new GroupGraph(snapshot),
    realmSettings,
    settings,
    streams: new Map(streams.map((s) => [s.id, s])),
    streamsByKey: new Map(streams.map((s) => [s.name_key, s])),
    users,
    usersById: new Map(users.map((u) => [u.id, u])),
    // groupSnapshot selects whole user_groups rows; its type only names what the graph needs.
    groups: snapshot.groups as UserGroup[],
    linkifiers: linkifiers.map((l) => ({ pattern: l.pattern, urlTemplate: l.url_template })),
  };
}

/** The state cache of one database handle. */
export class StateCache {
  private current: StateGeneration | undefined;

  constructor(private readonly db: ChatDb) {}

  /** The generation for the database's state version now (one query). */
  async generation(): Promise<StateGeneration> {
    const rows = await selectRows<{ version: number | string }>(this.db, VERSION);
    const version = Number(rows[0].version);
    // Versions only grow: a reader that raced a newer one keeps the newer generation.
    if (!this.current || version > this.current.version) this.current = new StateGeneration(this.db, version);
    return this.current;
  }
}

const caches = new WeakMap<ChatDb, StateCache>();

/** The cache for this database handle, made on first use. */
export function stateCache(db: ChatDb): StateCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new StateCache(db);
    caches.set(db, cache);
  }
  return cache;
}
