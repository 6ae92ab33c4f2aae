// The signed-in user as the permission rules see them (state/channel-rules.ts): id, role from
// the user list, and the groups they are in once loaded (state/groups.ts).
import { myGroups } from "../../state/permissions";
import { session } from "../../state/session";
import { users } from "../../state/users";
import type { Who } from "../../state/channel-rules";

/** Reads signals: a component calling it redraws when the role or the groups arrive. */
export function whoAmI(): Who {
  const userId = session.value!.userId;
  return { userId, role: users.value.get(userId)?.role, groups: myGroups.value };
}
