// Who may do what to a user group, as the server checks it (Zulip's user_groups.py): managing
// (name, description, permissions, deactivating) through the group's can_manage_group or the
// organization's can_manage_all_groups; adding and removing members through
// can_add_members_group / can_remove_members_group (or managing); joining and leaving oneself
// through can_join_group / can_leave_group; creating through the organization's
// can_create_groups (never guests). System groups change only with roles.
import { inGroupSetting } from "./permissions";
import type { Who } from "./channel-rules";
import type { UserGroup } from "./groups";

export interface GroupPermissions {
  manage: boolean;
  addMembers: boolean;
  removeMembers: boolean;
  join: boolean;
  leave: boolean;
}

const member = (setting: unknown, who: Who) => inGroupSetting(setting, who.userId, who.groups) === true;

export function mayCreateGroup(realm: Readonly<Record<string, unknown>>, who: Who): boolean {
  return who.role !== 600 && member(realm.can_create_groups, who);
}

export function groupPermissions(group: Pick<UserGroup, "is_system_group" | "deactivated" | `can_${string}_group`>, realm: Readonly<Record<string, unknown>>, who: Who): GroupPermissions {
  if (group.is_system_group || group.deactivated) return { manage: false, addMembers: false, removeMembers: false, join: false, leave: false };
  const manage = member(group.can_manage_group, who) || member(realm.can_manage_all_groups, who);
  return {
    manage,
    addMembers: manage || member(group.can_add_members_group, who),
    removeMembers: manage || member(group.can_remove_members_group, who),
    join: manage || member(group.can_add_members_group, who) || member(group.can_join_group, who),
    leave: manage || member(group.can_remove_members_group, who) || member(group.can_leave_group, who),
  };
}
