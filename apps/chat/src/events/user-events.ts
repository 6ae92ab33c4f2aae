// The events of user and bot changes (Zulip's zerver/actions/create_user.py, users.py,
// user_settings.py): realm_user and realm_bot to who may see them, and the role-based system
// group memberships and channel visibility a role change moves.
import { presentUser, avatarUrl } from "../present/user.js";
import { canSeeDeliveryEmail } from "../lib/email-visibility.js";
import type { User } from "../store/users.js";
import { accessChangeEvents, peerEvents, type Outgoing } from "./channel-events.js";
import { activeIds, botOwnerIds, type RealmView } from "./realm-view.js";

export function realmUserUpdate(view: RealmView, person: Record<string, unknown>): Outgoing {
  return { event: { type: "realm_user", op: "update", person }, users: activeIds(view) };
}

/** Active users who may see the user's real address (Zulip's get_users_with_access_to_real_email). */
function deliveryEmailAudience(view: RealmView, user: User, visibility = user.email_address_visibility): number[] {
  return view.active.filter((viewer) => canSeeDeliveryEmail(viewer, { id: user.id, email_address_visibility: visibility })).map((u) => u.id);
}

/** The avatar, as notify_avatar_url_change tells it to everyone. */
function avatarUpdate(view: RealmView, user: User): Outgoing {
  const person = { avatar_source: user.avatar_source, avatar_url: avatarUrl(user, false), avatar_url_medium: avatarUrl(user, false, true), avatar_version: user.avatar_version, user_id: user.id };
  return realmUserUpdate(view, person);
}

/** The role-based system groups a user left and joined between two views (remove first, as Zulip). */
function systemGroupEvents(before: RealmView, after: RealmView, userId: number): Outgoing[] {
  const removes: Outgoing[] = [];
  const adds: Outgoing[] = [];
  for (const group of after.groups.filter((g) => g.is_system_group)) {
    const was = before.graph.directMembers(group.id).includes(userId);
    const is = after.graph.directMembers(group.id).includes(userId);
    if (was === is) continue;
    const event = { type: "user_group", op: is ? "add_members" : "remove_members", group_id: group.id, user_ids: [userId] };
    (is ? adds : removes).push({ event, users: activeIds(after) });
  }
  // role:fullmembers follows role:members in Zulip (update_users_in_full_members_system_group).
  const full = (o: Outgoing) => after.graph.group(o.event.group_id as number)?.name === "role:fullmembers";
  return [...removes.filter((o) => !full(o)), ...adds.filter((o) => !full(o)), ...removes.filter(full), ...adds.filter(full)];
}

/**
 * realm_bot/add to those who administer the bot. Since feature level 474 the dict holds only the
 * bot settings (name, e-mail, avatar, owner and activity come with realm_user), no API key, and
 * no realm_bot/update follows changes to those or a key regeneration.
 */
export function realmBotAdd(view: RealmView, bot: User): Outgoing {
  const dict = {
    user_id: bot.id,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: Boolean(bot.default_all_public_streams),
    services: [],
  };
  return { event: { type: "realm_bot", op: "add", bot: dict }, users: botOwnerIds(view, bot) };
}

/**
 * A new account (do_create_user): realm_user/add to every active user, the role-based groups it
 * joins, realm_bot/add for a bot, then peer_add for its default channels. The new user gets no
 * subscription/add: it registers its first queue afterwards.
 */
export function userCreatedEvents(before: RealmView, after: RealmView, user: User, apiKey: string, subscribed: number[]): Outgoing[] {
  // A new user has no custom profile data yet (notify_created_user assumes the same). Those
  // who may see the address get it in delivery_email, the others null, in two events.
  const seeing = new Set(deliveryEmailAudience(after, user));
  const out: Outgoing[] = [];
  for (const users of [activeIds(after).filter((id) => seeing.has(id)), activeIds(after).filter((id) => !seeing.has(id))]) {
    if (!users.length) continue;
    const person = presentUser(user, { viewer: after.users.get(users[0]!)!, clientGravatar: false, includeCustomProfileFields: true });
    out.push({ event: { type: "realm_user", op: "add", person }, users });
  }
  out.push(...systemGroupEvents(before, after, user.id));
  if (user.is_bot) out.push(realmBotAdd(after, user));
  out.push(...peerEvents("peer_add", after, new Map(subscribed.map((id) => [id, new Set([user.id])]))));
  return out;
}

/** PATCH /users/{id}: name, role (with groups and channel visibility), email (with the avatar it moves). */
export function userChangedEvents(before: RealmView, after: RealmView, old: User): Outgoing[] {
  const user = after.users.get(old.id)!;
  const out: Outgoing[] = [];
  if (user.full_name !== old.full_name) {
    out.push(realmUserUpdate(after, { user_id: user.id, full_name: user.full_name }));
  }
  if (user.delivery_email !== old.delivery_email) {
    // Only to those who may see it (do_change_user_delivery_email).
    out.push({ event: { type: "realm_user", op: "update", person: { user_id: user.id, delivery_email: user.delivery_email } }, users: deliveryEmailAudience(after, user) });
    // Gravatar URLs hash the email: the avatar changed with it (notify_avatar_url_change);
    // an uploaded avatar stays where it is.
    if (user.avatar_source === "G") out.push(avatarUpdate(after, user));
  }
  if (user.email !== old.email) out.push(realmUserUpdate(after, { user_id: user.id, new_email: user.email }));
  if (user.role !== old.role) {
    out.push(realmUserUpdate(after, { user_id: user.id, role: user.role }));
    out.push(...systemGroupEvents(before, after, user.id));
    out.push(...accessChangeEvents(before, after));
  }
  return out;
}

/** Deactivation: peer_remove first, then realm_user is_active false. */
export function userDeactivatedEvents(before: RealmView, after: RealmView, user: User): Outgoing[] {
  const subscribed = [...before.subscribers].filter(([, ids]) => ids.has(user.id)).map(([streamId]) => streamId);
  const out = peerEvents("peer_remove", after, new Map(subscribed.map((id) => [id, new Set([user.id])])));
  out.push(realmUserUpdate(after, { user_id: user.id, is_active: false }));
  return out;
}

/** Reactivation: realm_user is_active true, then peer_add for its channels. */
export function userReactivatedEvents(after: RealmView, user: User): Outgoing[] {
  const out = [realmUserUpdate(after, { user_id: user.id, is_active: true })];
  const subscribed = [...after.subscribers].filter(([streamId, ids]) => ids.has(user.id) && !after.streams.get(streamId)?.deactivated).map(([streamId]) => streamId);
  out.push(...peerEvents("peer_add", after, new Map(subscribed.map((id) => [id, new Set([user.id])]))));
  return out;
}

/**
 * A change of email_address_visibility (do_change_user_setting): delivery_email to those who
 * can now see the address, null to those who no longer can; when the API email changes (to or
 * from "everyone"), new_email and the avatar to everyone.
 */
export function emailVisibilityChangedEvents(view: RealmView, old: User): Outgoing[] {
  const user = view.users.get(old.id)!;
  const before = new Set(deliveryEmailAudience(view, user, old.email_address_visibility));
  const now = new Set(deliveryEmailAudience(view, user));
  const out: Outgoing[] = [];
  const gained = [...now].filter((id) => !before.has(id));
  const lost = [...before].filter((id) => !now.has(id));
  if (gained.length) out.push({ event: { type: "realm_user", op: "update", person: { user_id: user.id, delivery_email: user.delivery_email } }, users: gained });
  if (lost.length) out.push({ event: { type: "realm_user", op: "update", person: { user_id: user.id, delivery_email: null } }, users: lost });
  if (user.email !== old.email) {
    out.push(realmUserUpdate(view, { user_id: user.id, new_email: user.email }));
    out.push(avatarUpdate(view, user));
  }
  return out;
}
