// `principals`: the users a subscription request acts on, as emails or as user ids.
import type { ChatDb } from "../store/schema.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError } from "../http/errors.js";
import { int, list, string, union, type Validator } from "../http/validators.js";
import { userByEmail, userInRealm, type User } from "../store/users.js";

export const principalsValidator: Validator<string[] | number[]> = union(list(string()), list(int()));

/** The caller alone when no principals are given; unknown or deactivated users are refused. */
export async function resolvePrincipals(db: ChatDb, caller: Caller, principals: (string | number)[] | undefined): Promise<User[]> {
  if (principals === undefined) return [caller.user];
  const users: User[] = [];
  for (const principal of principals) {
    const user = typeof principal === "number" ? await userInRealm(db, caller.realm.id, principal) : await userByEmail(db, caller.realm.id, principal);
    if (!user || !user.is_active) throw new BadRequestError("No such user");
    if (!users.some((u) => u.id === user.id)) users.push(user);
  }
  return users;
}
