// Users as Zulip's User object (GET /users, /users/{id}, /register realm_users).
import { createHash } from "node:crypto";
import type { User } from "../store/users.js";
import { isAdmin, isGuest, isOwner } from "../lib/roles.js";
import { isoDate } from "./time.js";

export interface UserViewOptions {
  clientGravatar: boolean;
  includeCustomProfileFields?: boolean;
  /** profile_data by user id (present/custom-profile-field.ts); users without values get {} */
  profileData?: Map<number, Record<string, unknown>>;
}

/** No uploads yet: every avatar is a Gravatar, which clients may compute themselves. */
export function avatarUrl(user: User, clientGravatar: boolean): string | null {
  if (clientGravatar) return null;
  const hash = createHash("md5").update(user.email.toLowerCase()).digest("hex");
  return `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=${user.avatar_version}`;
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
    delivery_email: user.delivery_email,
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
  const out = presentUser(user, { clientGravatar: false, includeCustomProfileFields: true, profileData });
  delete out.bot_type;
  delete out.bot_owner_id;
  return { ...out, max_message_id: -1 };
}
