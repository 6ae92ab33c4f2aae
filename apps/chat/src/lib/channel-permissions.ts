// Who may see, join, administer or change the membership of a channel, from group settings.
import type { GroupGraph } from "./group-graph.js";
import { isAdmin, isGuest } from "./roles.js";

export interface ChannelLike {
  invite_only: number;
  is_web_public: number;
  can_add_subscribers_group: number;
  can_administer_channel_group: number;
  can_remove_subscribers_group: number;
  can_subscribe_group: number;
}

export interface Actor {
  id: number;
  role: number;
}

export function canAdministerChannel(graph: GroupGraph, user: Actor, channel: ChannelLike): boolean {
  return isAdmin(user) || graph.isMember(user.id, channel.can_administer_channel_group);
}

/** Metadata (name, description, settings) is visible to these users. */
export function canSeeChannel(graph: GroupGraph, user: Actor, channel: ChannelLike, subscribed: boolean): boolean {
  if (subscribed || isAdmin(user) || channel.is_web_public) return true;
  if (!channel.invite_only) return !isGuest(user);
  return canAdministerChannel(graph, user, channel) || graph.isMember(user.id, channel.can_subscribe_group) || graph.isMember(user.id, channel.can_add_subscribers_group);
}

export function canSubscribeSelf(graph: GroupGraph, user: Actor, channel: ChannelLike): boolean {
  if (graph.isMember(user.id, channel.can_subscribe_group) || graph.isMember(user.id, channel.can_add_subscribers_group)) return true;
  if (channel.invite_only) return graph.isMember(user.id, channel.can_administer_channel_group);
  return !isGuest(user);
}

/** `realmCanAddSubscribers` is the realm's can_add_subscribers_group. */
export function canAddSubscribers(graph: GroupGraph, user: Actor, channel: ChannelLike, subscribed: boolean, realmCanAddSubscribers: number): boolean {
  if (graph.isMember(user.id, channel.can_add_subscribers_group) || canAdministerChannel(graph, user, channel)) return true;
  return graph.isMember(user.id, realmCanAddSubscribers) && (!channel.invite_only || subscribed);
}

export function canRemoveSubscribers(graph: GroupGraph, user: Actor, channel: ChannelLike): boolean {
  return canAdministerChannel(graph, user, channel) || graph.isMember(user.id, channel.can_remove_subscribers_group);
}
