// The events of channel and subscription changes (Zulip's zerver/actions/streams.py and
// subscriptions.py), built from realm views taken around the write. Each function returns the
// events in the order Zulip sends them; the action publishes them with its commit stamp.
import { presentGroupSetting } from "../present/group-setting.js";
import { presentChannel, presentSubscription } from "../present/channel.js";
import type { Stream } from "../store/streams.js";
import type { DefaultStreamGroup } from "../store/default-stream-groups.js";
import { presentDefaultStreamGroup } from "../present/default-stream-groups.js";
import type { Subscription } from "../store/subscriptions.js";
import { accessChanges, canSee, channelAudience, nonGuestIds, subscribersOf, type RealmView } from "./realm-view.js";

export interface Outgoing {
  event: Record<string, unknown>;
  users: number[];
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

export function channelDict(view: RealmView, stream: Stream): Record<string, unknown> {
  return presentChannel(stream, view.graph, view.subscribers.get(stream.id)?.size ?? 0);
}

export function streamCreate(view: RealmView, streams: Stream[], users: number[], extra: Record<string, unknown> = {}): Outgoing {
  return { event: { type: "stream", op: "create", streams: streams.map((s) => channelDict(view, s)), ...extra }, users };
}

export function streamDelete(streams: Stream[], users: number[], forArchiving = false): Outgoing {
  // compat: "streams" is deprecated (FL 343) but still sent beside stream_ids.
  return { event: { type: "stream", op: "delete", streams: streams.map((s) => ({ stream_id: s.id })), stream_ids: streams.map((s) => s.id), for_archiving: forArchiving }, users };
}

export function streamUpdate(stream: Stream, property: string, value: unknown, users: number[], extra: Record<string, unknown> = {}): Outgoing {
  return { event: { type: "stream", op: "update", property, value, ...extra, stream_id: stream.id, name: stream.name }, users };
}

/** Users who gained sight of a channel get it (and its subscribers); users who lost it, its deletion. */
export function accessChangeEvents(before: RealmView, after: RealmView): Outgoing[] {
  const out: Outgoing[] = [];
  for (const { stream, gained, lost } of accessChanges(before, after)) {
    if (gained.length) {
      out.push(streamCreate(after, [stream], gained));
      out.push({ event: { type: "subscription", op: "peer_add", stream_ids: [stream.id], user_ids: subscribersOf(after, stream.id) }, users: gained });
    }
    if (lost.length) out.push(streamDelete([stream], lost));
  }
  return out;
}

/**
 * peer_add / peer_remove to everyone tracking the channels' subscribers except the users who
 * changed (send_peer_subscriber_events): private channels one by one; public channels that
 * share the changed users and the peers to tell in one event.
 */
export function peerEvents(op: "peer_add" | "peer_remove", view: RealmView, altered: Map<number, Set<number>>): Outgoing[] {
  const out: Outgoing[] = [];
  const merged = new Map<string, { streams: number[]; userIds: number[]; peers: number[] }>();
  for (const [streamId, users] of altered) {
    const stream = view.streams.get(streamId);
    if (!stream || users.size === 0) continue;
    const userIds = sorted(users);
    // The changed users themselves are left out (they learn from subscription add/remove).
    const peers = channelAudience(view, stream).filter((id) => !users.has(id));
    if (peers.length === 0) continue;
    if (stream.invite_only) {
      out.push({ event: { type: "subscription", op, stream_ids: [streamId], user_ids: userIds }, users: peers });
      continue;
    }
    const key = `${userIds.join(",")}|${peers.join(",")}`;
    const group = merged.get(key);
    if (group) group.streams.push(streamId);
    else merged.set(key, { streams: [streamId], userIds, peers });
  }
  for (const group of merged.values()) {
    out.push({ event: { type: "subscription", op, stream_ids: sorted(group.streams), user_ids: group.userIds }, users: group.peers });
  }
  return out;
}

/**
 * Subscribing (bulk_add_subscriptions): channels the user could not see before arrive first as
 * stream/create, then one subscription/add per user with full subscription objects, then
 * peer_add to the others. A user created just now gets no add events (they register after).
 */
export function subscriptionAddEvents(before: RealmView, after: RealmView, added: { userId: number; streamId: number }[], subs: Subscription[], options: { userCreation?: boolean } = {}): Outgoing[] {
  const out: Outgoing[] = [];
  const byUser = new Map<number, number[]>();
  const altered = new Map<number, Set<number>>();
  for (const { userId, streamId } of added) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), streamId]);
    if (!altered.has(streamId)) altered.set(streamId, new Set());
    altered.get(streamId)!.add(userId);
  }
  if (!options.userCreation) {
    for (const [streamId, users] of altered) {
      const stream = after.streams.get(streamId)!;
      const old = before.streams.get(streamId);
      const newcomers = [...users].filter((id) => !(old && canSee(before, id, old)));
      if (newcomers.length) out.push(streamCreate(after, [stream], sorted(newcomers)));
    }
    for (const [userId, streamIds] of byUser) {
      const dicts = streamIds.map((id) => {
        const sub = subs.find((s) => s.user_id === userId && s.stream_id === id)!;
        return presentSubscription(after.streams.get(id)!, sub, after.graph, subscribersOf(after, id), true);
      });
      out.push({ event: { type: "subscription", op: "add", subscriptions: dicts }, users: [userId] });
    }
  }
  out.push(...peerEvents("peer_add", after, altered));
  return out;
}

/** Unsubscribing: subscription/remove to each user, stream/delete where they lost sight of a private channel, peer_remove. */
export function subscriptionRemoveEvents(after: RealmView, removed: { userId: number; streamId: number }[]): Outgoing[] {
  const out: Outgoing[] = [];
  const byUser = new Map<number, number[]>();
  const altered = new Map<number, Set<number>>();
  for (const { userId, streamId } of removed) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), streamId]);
    if (!altered.has(streamId)) altered.set(streamId, new Set());
    altered.get(streamId)!.add(userId);
  }
  for (const [userId, streamIds] of byUser) {
    const streams = streamIds.map((id) => after.streams.get(id)!);
    out.push({ event: { type: "subscription", op: "remove", subscriptions: streams.map((s) => ({ name: s.name, stream_id: s.id })) }, users: [userId] });
    const lost = streams.filter((s) => !canSee(after, userId, s));
    if (lost.length) out.push(streamDelete(lost, [userId]));
  }
  out.push(...peerEvents("peer_remove", after, altered));
  return out;
}

/**
 * Creating channels and subscribing users in one request: each new channel goes, empty, as
 * stream/create to those who may see it without subscribing, then the subscriptions follow
 * (subscriptionAddEvents) as if the channels had existed before.
 */
export function subscribeEvents(before: RealmView, after: RealmView, newStreams: Stream[], added: { userId: number; streamId: number }[], subs: Subscription[]): Outgoing[] {
  // The view as it was, with the new channels (and the groups holding their settings) in it.
  const base: RealmView = { ...after, streams: new Map(before.streams), subscribers: new Map(before.subscribers) };
  const out: Outgoing[] = [];
  for (const stream of newStreams) {
    base.streams.set(stream.id, stream);
    base.subscribers.set(stream.id, new Set());
    const viewers = channelAudience(base, stream);
    if (viewers.length) out.push(streamCreate(base, [stream], viewers));
  }
  return [...out, ...subscriptionAddEvents(base, after, added, subs)];
}

/** default_streams: the realm's default channel ids, to every active non-guest. */
export function defaultStreamsEvent(view: RealmView, ids: number[]): Outgoing {
  return { event: { type: "default_streams", default_streams: ids }, users: nonGuestIds(view) };
}


export interface ChannelFieldChanges {
  fields: Record<string, unknown>;
  groupSettings: Record<string, unknown>;
  isDefault?: boolean;
}

/** Settings whose change can let users see the channel, or stop them (metadata access). */
const ACCESS_SETTINGS = ["can_add_subscribers_group", "can_administer_channel_group", "can_subscribe_group"];

/**
 * PATCH /streams/{id} (update_stream_backend): one stream/update per changed property, to the
 * users who see the channel afterwards; users who start or stop seeing it get stream/create
 * (with peer_add) or stream/delete instead.
 */
export function channelUpdateEvents(before: RealmView, after: RealmView, old: Stream, changes: ChannelFieldChanges, defaults: { before: number[]; after: number[] }): Outgoing[] {
  const stream = after.streams.get(old.id)!;
  // compat: a privacy change only tells users who gained sight of the channel (Zulip's
  // do_change_stream_permission); a permission group change also tells those who lost it.
  const settingsMoveAccess = Object.keys(changes.groupSettings).some((s) => ACCESS_SETTINGS.includes(s));
  const access = accessChangeEvents(before, after).filter((o) => settingsMoveAccess || o.event.op !== "delete");
  const gained = new Set(access.filter((o) => o.event.op === "create").flatMap((o) => o.users));
  const audience = channelAudience(after, stream).filter((id) => !gained.has(id));
  const out: Outgoing[] = [];
  let name = old.name;
  let accessSent = false;
  const update = (property: string, value: unknown, extra: Record<string, unknown> = {}) => out.push(streamUpdate({ ...stream, name }, property, value, audience, extra));
  const sendAccess = () => {
    if (!accessSent) out.push(...access);
    accessSent = true;
  };
  const changed = (key: keyof Stream) => changes.fields[key] !== undefined && changes.fields[key] !== old[key];

  if (changed("deactivated") && !stream.deactivated) {
    const viewers = channelAudience(after, stream);
    out.push(streamUpdate(stream, "is_archived", false, viewers));
    // Clients without archived_channels were told the channel was deleted; it comes back whole.
    out.push(streamCreate(after, [stream], viewers, { for_unarchiving: true }));
  }
  if (changed("description")) update("description", stream.description, { rendered_description: stream.rendered_description });
  if (changed("invite_only") || changed("is_web_public") || changed("history_public_to_subscribers")) {
    sendAccess();
    update("invite_only", Boolean(stream.invite_only), { history_public_to_subscribers: Boolean(stream.history_public_to_subscribers), is_web_public: Boolean(stream.is_web_public) });
  }
  if (defaults.before.includes(stream.id) !== defaults.after.includes(stream.id)) out.push(defaultStreamsEvent(after, defaults.after));
  if (changed("name")) {
    update("name", stream.name);
    name = stream.name;
  }
  if (changed("message_retention_days")) update("message_retention_days", stream.message_retention_days);
  if (changed("topics_policy")) update("topics_policy", stream.topics_policy);
  if (changes.fields.folder_id !== undefined && old.folder_id !== stream.folder_id) update("folder_id", stream.folder_id);
  for (const setting of Object.keys(changes.groupSettings)) {
    const value = presentGroupSetting(after.graph, stream[setting as keyof Stream] as number);
    if (ACCESS_SETTINGS.includes(setting)) sendAccess();
    update(setting, value);
  }
  return out;
}

/** Archiving (do_deactivate_stream): default_streams if it was one, then is_archived or delete by client kind. */
export interface ArchivedDefaults {
  wasDefault: boolean;
  /** the default channels once the channel left them */
  defaultIds: number[];
  /** the default channel groups as they were before, each with its channels' ids */
  groupsBefore: (DefaultStreamGroup & { streams: number[] })[];
}

/**
 * Archiving: the channel leaves the default channels, then each default channel group holding
 * it, one group at a time by id as Zulip's do_deactivate_stream calls
 * do_remove_streams_from_default_stream_group (each event lists every group as it stands after
 * that step); then is_archived for clients that keep archived channels, delete for the others.
 */
export function channelArchivedEvents(before: RealmView, stream: Stream, defaults: ArchivedDefaults): Outgoing[] {
  const affected = channelAudience(before, before.streams.get(stream.id)!);
  const out: Outgoing[] = [];
  if (defaults.wasDefault) out.push(defaultStreamsEvent(before, defaults.defaultIds));
  let groups = defaults.groupsBefore;
  const holding = groups.filter((g) => g.streams.includes(stream.id)).sort((a, b) => a.id - b.id);
  for (const group of holding) {
    groups = groups.map((g) => (g.id === group.id ? { ...g, streams: g.streams.filter((id) => id !== stream.id) } : g));
    out.push({ event: { type: "default_stream_groups", default_stream_groups: groups.map(presentDefaultStreamGroup) }, users: nonGuestIds(before) });
  }
  out.push(streamUpdate(stream, "is_archived", true, affected));
  out.push(streamDelete([stream], affected, true));
  return out;
}
