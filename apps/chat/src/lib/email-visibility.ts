// Who may see a user's real e-mail address (Zulip's email_address_visibility setting), and the
// stand-in address a user's API `email` becomes when not everyone may.
import { isAdmin, isGuest, isModerator, type HasRole } from "./roles.js";

export const EMAIL_VISIBLE_EVERYONE = 1;
export const EMAIL_VISIBLE_MEMBERS = 2;
export const EMAIL_VISIBLE_ADMINS = 3;
export const EMAIL_VISIBLE_NOBODY = 4;
export const EMAIL_VISIBLE_MODERATORS = 5;

/** The visibility values that let a viewer of this role see an address (Zulip's ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS). */
export function visibilitiesSeenBy(viewer: HasRole): number[] {
  if (isAdmin(viewer)) return [EMAIL_VISIBLE_EVERYONE, EMAIL_VISIBLE_MEMBERS, EMAIL_VISIBLE_ADMINS, EMAIL_VISIBLE_MODERATORS];
  if (isModerator(viewer)) return [EMAIL_VISIBLE_EVERYONE, EMAIL_VISIBLE_MEMBERS, EMAIL_VISIBLE_MODERATORS];
  if (isGuest(viewer)) return [EMAIL_VISIBLE_EVERYONE];
  return [EMAIL_VISIBLE_EVERYONE, EMAIL_VISIBLE_MEMBERS];
}

export interface EmailOwner {
  id: number;
  email_address_visibility: number;
}

/** Zulip's can_access_delivery_email: the user themself always, others as the setting allows. */
export function canSeeDeliveryEmail(viewer: HasRole & { id: number }, target: EmailOwner): boolean {
  return viewer.id === target.id || visibilitiesSeenBy(viewer).includes(target.email_address_visibility);
}

/** The address a user's API `email` holds when not everyone may see the real one. */
export function dummyEmail(userId: number, domain: string): string {
  return `user${userId}@${domain}`;
}

/**
 * The user id a stand-in address names, if it has that shape on this domain.
 * compat: Zulip matches with re.match, anchored at the start only, and case-sensitively.
 */
export function dummyEmailUserId(email: string, domain: string): number | undefined {
  const prefix = /^user([0-9]+)@/.exec(email);
  if (!prefix || !email.slice(prefix[0].length).startsWith(domain)) return undefined;
  const id = Number(prefix[1]);
  // Beyond any id a user can have (and PostgreSQL's integer): no user, as for an unknown id.
  return id < 2 ** 31 ? id : 0;
}

/** The API `email` of a user with this delivery address and visibility. */
export function apiEmail(user: { id: number; delivery_email: string }, visibility: number, domain: string): string {
  return visibility === EMAIL_VISIBLE_EVERYONE ? user.delivery_email : dummyEmail(user.id, domain);
}

/** The users columns a new delivery address sets: the API email follows it only when public. */
export function deliveryEmailChanges(user: { email_address_visibility: number }, address: string): { delivery_email: string; email_key: string; email?: string } {
  const changes = { delivery_email: address, email_key: address.toLowerCase() };
  return user.email_address_visibility === EMAIL_VISIBLE_EVERYONE ? { ...changes, email: address } : changes;
}
