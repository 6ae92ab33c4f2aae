// Load-and-authorize helpers shared by routes, with Zulip's exact not-found/forbidden wording.
import type { ChatDb } from "../store/schema.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError, insufficientPermission, mustBeOwner } from "../http/errors.js";
import { isAdmin, isOwner, ROLE_OWNER } from "../lib/roles.js";
import type { ChatDeps } from "../deps.js";
import { realmEmailDomain } from "../config.js";
import { dummyEmailUserId, visibilitiesSeenBy } from "../lib/email-visibility.js";
import { userByDeliveryEmail, userInRealm, type User } from "../store/users.js";

export interface UserAccess {
  allowDeactivated?: boolean;
  allowBots?: boolean;
  /** the caller must administer the target (admins; owners for owners) */
  forAdmin?: boolean;
}

function checkUserAccess(caller: Caller, target: User | undefined, options: UserAccess): User {
  if (!target) throw new BadRequestError("No such user");
  if (target.is_bot && !options.allowBots) throw new BadRequestError("No such user");
  if (!target.is_active && !options.allowDeactivated) throw new BadRequestError("User is deactivated");
  if (options.forAdmin) {
    if (!isAdmin(caller.user)) throw insufficientPermission();
    if (target.role === ROLE_OWNER && !isOwner(caller.user)) throw mustBeOwner();
  }
  return target;
}

export async function accessUserById(db: ChatDb, caller: Caller, userId: number, options: UserAccess = {}): Promise<User> {
  return checkUserAccess(caller, await userInRealm(db, caller.realm.id, userId), options);
}

/**
 * Zulip's access_user_by_email: a stand-in address (`user<id>@<realm domain>`) names its user
 * by id; any other is looked up as a real address, among the users whose address the caller
 * may see, so the answer tells nothing of hidden ones.
 */
export async function findUserByEmail(deps: Pick<ChatDeps, "db" | "config">, caller: Caller, email: string): Promise<User | undefined> {
  const dummyId = dummyEmailUserId(email, realmEmailDomain(deps.config, caller.realm.string_id));
  if (dummyId !== undefined) return userInRealm(deps.db, caller.realm.id, dummyId);
  return userByDeliveryEmail(deps.db, caller.realm.id, email, visibilitiesSeenBy(caller.user));
}

export async function accessUserByEmail(deps: Pick<ChatDeps, "db" | "config">, caller: Caller, email: string, options: UserAccess = {}): Promise<User> {
  return checkUserAccess(caller, await findUserByEmail(deps, caller, email), options);
}

/** Path segment as a user id: Zulip's URL pattern only matches digits. */
export function pathId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[0-9]+$/.test(raw) ? Number(raw) : undefined;
}
