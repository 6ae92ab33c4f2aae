// Who may do what to channels, as Zulip's web app decides what to offer (stream_data.ts's
// can_* helpers): the organization's can_create_*_channel_group settings and each channel's
// can_administer_channel_group / can_subscribe_group / can_add_subscribers_group. Pure: the
// caller passes the realm settings, the channel, the user's role and groups. The server
// decides in the end; these only choose which controls show.
import { inGroupSetting } from "./permissions";
import type { Channel } from "./types";

export interface Who {
  userId: number;
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest; undefined while unknown */
  role?: number;
  groups: ReadonlySet<number> | null;
}

export type Privacy = "public" | "private" | "web-public";

const isAdmin = (who: Who) => who.role !== undefined && who.role <= 200;
const isGuest = (who: Who) => who.role === 600;
const member = (setting: unknown, who: Who) => inGroupSetting(setting, who.userId, who.groups) === true;

/** The kinds of channel the user may create, in the order the form offers them. */
export function creatablePrivacies(realm: Readonly<Record<string, unknown>>, who: Who): Privacy[] {
  const out: Privacy[] = [];
  if (member(realm.can_create_public_channel_group, who)) out.push("public");
  if (member(realm.can_create_private_channel_group, who)) out.push("private");
  // Web-public channels exist only where the organization lets spectators in.
  if (realm.enable_spectator_access === true && member(realm.can_create_web_public_channel_group, who)) out.push("web-public");
  return out;
}

/** Administering a channel: its settings, name, description, permissions, archiving. */
export function mayAdministerChannel(channel: Channel, who: Who): boolean {
  return isAdmin(who) || member(channel.can_administer_channel_group, who);
}

/** Joining a channel oneself from the browser. */
export function maySubscribe(channel: Channel, who: Who): boolean {
  if (channel.is_archived) return false;
  if (!channel.invite_only && !isGuest(who)) return true;
  return member(channel.can_subscribe_group, who) || mayAdministerChannel(channel, who);
}

/** The API's fields for a privacy choice (POST /users/me/subscriptions, PATCH /streams/{id}). */
export function privacyFields(privacy: Privacy, historyPublic: boolean): { invite_only: boolean; is_web_public: boolean; history_public_to_subscribers: boolean } {
  // Public and web-public channels always share their history with new subscribers.
  return { invite_only: privacy === "private", is_web_public: privacy === "web-public", history_public_to_subscribers: privacy === "private" ? historyPublic : true };
}

export function privacyOf(channel: Channel): Privacy {
  return channel.is_web_public ? "web-public" : channel.invite_only ? "private" : "public";
}

/**
 * The channels a browser tab lists, filtered by the words typed (each must start a word of the
 * name, or appear in it), sorted by name. Archived channels are left out.
 */
export function filterChannels<C extends Channel>(channels: Iterable<C>, query: string, onlyIds: ReadonlySet<number> | null, compare: (a: string, b: string) => number): C[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: C[] = [];
  for (const c of channels) {
    if (c.is_archived || (onlyIds && !onlyIds.has(c.stream_id))) continue;
    const name = c.name.toLowerCase();
    if (words.every((w) => name.includes(w))) out.push(c);
  }
  return out.sort((a, b) => compare(a.name, b.name));
}

/** A name for a new channel, checked as Zulip's form does before asking the server. */
export function channelNameProblem(name: string, existing: Iterable<Channel>): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Choose a name for the channel.";
  if (trimmed.length > 60) return "A channel name is at most 60 characters.";
  const lower = trimmed.toLowerCase();
  for (const c of existing) if (c.name.toLowerCase() === lower) return `A channel named "${c.name}" already exists.`;
  return null;
}
