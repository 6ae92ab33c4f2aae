// Checks of the caller made before an endpoint reads its parameters, as Zulip's view
// decorators (zerver/decorator.py: require_realm_admin, require_realm_owner,
// require_member_or_admin, human_users_only): a refused caller hears of their role, not of a bad parameter.
import type { Guard, UserContext } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin, mustBeOwner, notAllowedForGuests } from "../http/errors.js";
import { isAdmin, isGuest, isOwner } from "../lib/roles.js";

export const requireAdmin: Guard = Object.assign(({ user }: UserContext) => {
  if (!isAdmin(user)) throw mustBeAdmin();
}, { raises: ["UNAUTHORIZED_PRINCIPAL"] });

export const requireOwner: Guard = Object.assign(({ user }: UserContext) => {
  if (!isOwner(user)) throw mustBeOwner();
}, { raises: ["UNAUTHORIZED_PRINCIPAL"] });

export function requireMember({ user }: UserContext): void {
  if (isGuest(user)) throw notAllowedForGuests();
}

export function requireHuman({ user }: UserContext): void {
  if (user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
}
