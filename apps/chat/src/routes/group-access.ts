// Loading a user group for an action on it, with Zulip's "Invalid user group" for groups the
// caller cannot address (unknown, another realm's, or an anonymous setting value).
import type { ChatDb } from "../store/schema.js";
import type { Caller } from "../http/auth.js";
import { BadRequestError } from "../http/errors.js";
import { GroupGraph } from "../lib/group-graph.js";
import { groupSnapshot } from "../store/group-snapshot.js";
import { groupsInRealm, type UserGroup } from "../store/groups.js";
import { realmGroupSettings } from "../store/realms.js";

export interface GroupScope {
  graph: GroupGraph;
  groups: UserGroup[];
  realmSettings: Record<string, number>;
}

export async function groupScope(db: ChatDb, caller: Caller): Promise<GroupScope> {
  const [snapshot, groups, realmSettings] = await Promise.all([groupSnapshot(db, caller.realm.id), groupsInRealm(db, caller.realm.id), realmGroupSettings(db, caller.realm.id)]);
  return { graph: new GroupGraph(snapshot), groups, realmSettings };
}

export function accessGroup(scope: GroupScope, id: number | undefined): UserGroup {
  const group = scope.groups.find((g) => g.id === id);
  if (!group || group.name === null) throw new BadRequestError("Invalid user group");
  return group;
}

/** Managing a group: its can_manage_group, or the realm's can_manage_all_groups. */
export function canManageGroup(scope: GroupScope, userId: number, group: UserGroup): boolean {
  if (group.is_system_group) return false;
  return scope.graph.isMember(userId, group.can_manage_group ?? -1) || scope.graph.isMember(userId, scope.realmSettings.can_manage_all_groups);
}
