// Users as Zulip's User object (GET /users, /users/{id}, /register realm_users).
import type { User } from "../store/users.js";
import { gravatarUrl, uploadedAvatarUrl } from "../lib/avatars.js";
import { canSeeDeliveryEmail, EMAIL_VISIBLE_EVERYONE } from "../lib/email-visibility.js";
import { isAdmin, isGuest, isOwner, type HasRole } from "../lib/roles.js";
import { isoDate } from "./time.js";

/** Who a user is presented to: delivery_email depends on it. */
export type Viewer = HasRole & { id: number };

export interface UserViewOptions {
  viewer: Viewer;
  clientGravatar: boolean;
  includeCustomProfileFields?: boolean;
  /** profile_data by user id (present/custom-profile-field.ts); users without values get {} */
  profileData?: Map<number, Record<string, unknown>>;
}

/**
 * Zulip's avatar_url: an uploaded avatar's URL, or the Gravatar of the delivery email, which a
 * client that asked for client_gravatar computes itself (null) when it can: only from an
 * address everyone may see. `medium` is avatar_url_medium.
 */
export function avatarUrl(user: Pick<User, "id" | "realm_id" | "delivery_email" | "avatar_source" | "avatar_version" | "email_address_visibility">, clientGravatar: boolean, medium = false): string | null {
  if (user.avatar_source === "U") return uploadedAvatarUrl(user, medium);
  if (clientGravatar && user.email_address_visibility === EMAIL_VISIBLE_EVERYONE) return null;
  return gravatarUrl(user.delivery_email, user.avatar_version, medium);
}

/** delivery_email as this viewer may see it: the address, or null. */
export function visibleDeliveryEmail(user: Pick<User, "id" | "delivery_email" | "email_address_visibility">, viewer: Viewer): string | null {
  return canSeeDeliveryEmail(viewer, user) ? user.delivery_email : null;
}

export function presentUser(user: User, options: UserViewOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    email: user.email,
    user_id: user.id,
    avatar_version: user.avatar_version,
    is_admin: isAdmin(user),
    is_owner: isOwner(user),
    is_guest: isGuest(user),
    is_bot: Boolean(user.is_bot),
    full_name: user.full_name,
    timezone: user.timezone,
    is_active: Boolean(user.is_active),
    date_joined: isoDate(user.date_joined),
    delivery_email: visibleDeliveryEmail(user, options.viewer),
    role: user.role,
    is_imported_stub: false,
    avatar_url: avatarUrl(user, options.clientGravatar),
  };
  if (user.is_bot) {
    out.bot_type = user.bot_type;
    out.bot_owner_id = user.bot_owner_id;
  } else {
    out.bot_type = null;
    out.bot_owner_id = null;
    if (options.includeCustomProfileFields) out.profile_data = options.profileData?.get(user.id) ?? {};
  }
  return out;
}

/** GET /users/me: the user's own fields at top level. */
export function presentOwnUser(user: User, profileData?: Map<number, Record<string, unknown>>): Record<string, unknown> {
  const out = presentUser(user, { viewer: user, clientGravatar: false, includeCustomProfileFields: true, profileData });
  delete out.bot_type;
  delete out.bot_owner_id;
  return { ...out, max_message_id: -1 };
}
