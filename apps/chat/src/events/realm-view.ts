// Who may see what, for choosing an event's recipients: a realm's users, group graph,
// channels and active subscriptions, read at one moment. Actions whose write can change who
// sees a channel (roles, group membership, channel settings) read one view before the write
// and one after, and send create/delete events for the difference (accessChanges).
import type { ChatDb } from "../store/schema.js";
import { GroupGraph, type GraphGroup } from "../lib/group-graph.js";
import { canSeeChannel } from "../lib/channel-permissions.js";
import { isAdmin, isGuest } from "../lib/roles.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { realmGroupSettings } from "../store/realms.js";
import { streamsInRealm, type Stream } from "../store/streams.js";
import { usersInRealm, type User } from "../store/users.js";

export interface RealmView {
  realmId: number;
  users: Map<number, User>;
  /** active users, by id */
  active: User[];
  graph: GroupGraph;
  groups: GraphGroup[];
  realmSettings: Record<string, number>;
  streams: Map<number, Stream>;
  /** active subscribers (active users only) by channel */
  subscribers: Map<number, Set<number>>;
}

export async function loadRealmView(db: ChatDb, realmId: number): Promise<RealmView> {
  const [users, snapshot, realmSettings, streams, subs] = await Promise.all([
    usersInRealm(db, realmId),
    groupSnapshot(db, realmId),
    realmGroupSettings(db, realmId),
    streamsInRealm(db, realmId),
    db
      .selectFrom("subscriptions as s")
      .innerJoin("streams as st", "st.id", "s.stream_id")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["s.stream_id", "s.user_id"])
      .where("st.realm_id", "=", realmId)
      .where("s.active", "=", 1)
      .where("u.is_active", "=", 1)
      .execute(),
  ]);
  const subscribers = new Map<number, Set<number>>(streams.map((s) => [s.id, new Set<number>()]));
  for (const row of subs) subscribers.get(row.stream_id)?.add(row.user_id);
  return {
    realmId,
    users: new Map(users.map((u) => [u.id, u])),
    active: users.filter((u) => u.is_active),
    graph: new GroupGraph(snapshot),
    groups: snapshot.groups,
    realmSettings,
    streams: new Map(streams.map((s) => [s.id, s])),
    subscribers,
  };
}

export const activeIds = (view: RealmView): number[] => view.active.map((u) => u.id);
export const nonGuestIds = (view: RealmView): number[] => view.active.filter((u) => !isGuest(u)).map((u) => u.id);

/** Zulip's bot_owner_user_ids: the realm's administrators and the bot's owner. */
export function botOwnerIds(view: RealmView, bot: User): number[] {
  const ids = new Set(view.active.filter((u) => isAdmin(u)).map((u) => u.id));
  if (bot.bot_owner_id !== null && view.users.get(bot.bot_owner_id)?.is_active) ids.add(bot.bot_owner_id);
  return [...ids].sort((a, b) => a - b);
}

export function subscribersOf(view: RealmView, streamId: number): number[] {
  return [...(view.subscribers.get(streamId) ?? [])].sort((a, b) => a - b);
}

/** Whether `userId` may see the channel's metadata (can_access_stream_metadata). */
export function canSee(view: RealmView, userId: number, stream: Stream): boolean {
  const user = view.users.get(userId);
  if (!user || !user.is_active) return false;
  return canSeeChannel(view.graph, user, stream, view.subscribers.get(stream.id)?.has(userId) ?? false);
}

/** Active users who may see the channel (can_access_stream_metadata_user_ids). */
export function channelAudience(view: RealmView, stream: Stream): number[] {
  return view.active.filter((u) => canSee(view, u.id, stream)).map((u) => u.id);
}

/** Per channel, the users who gained and who lost sight of it between two views. */
export function accessChanges(before: RealmView, after: RealmView): { stream: Stream; gained: number[]; lost: number[] }[] {
  const out: { stream: Stream; gained: number[]; lost: number[] }[] = [];
  for (const stream of after.streams.values()) {
    // Archived channels come and go through their own events (is_archived).
    if (stream.deactivated) continue;
    const old = before.streams.get(stream.id);
    const was = new Set(old ? channelAudience(before, old) : []);
    const now = new Set(channelAudience(after, stream));
    const gained = [...now].filter((id) => !was.has(id));
    const lost = [...was].filter((id) => !now.has(id) && after.users.get(id)?.is_active);
    if (gained.length || lost.length) out.push({ stream, gained, lost });
  }
  return out;
}
