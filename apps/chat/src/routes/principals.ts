// `principals`: the users a subscription request acts on, as emails or as user ids.
import type { ChatDeps } from "../deps.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError } from "../http/errors.js";
import { int, list, string, union, type Validator } from "../http/validators.js";
import { userInRealm, type User } from "../store/users.js";
import { findUserByEmail } from "./access.js";

export const principalsValidator: Validator<string[] | number[]> = union(list(string()), list(int()));

/**
 * The caller alone when no principals are given; unknown or deactivated users are refused. An
 * email is looked up as Zulip's access_user_by_email does (routes/access.ts).
 */
export async function resolvePrincipals(deps: Pick<ChatDeps, "db" | "config">, caller: Caller, principals: (string | number)[] | undefined): Promise<User[]> {
  if (principals === undefined) return [caller.user];
  const users: User[] = [];
  for (const principal of principals) {
    const user = typeof principal === "number" ? await userInRealm(deps.db, caller.realm.id, principal) : await findUserByEmail(deps, caller, principal);
    if (!user || !user.is_active) throw new BadRequestError("No such user");
    if (!users.some((u) => u.id === user.id)) users.push(user);
  }
  return users;
}
