// Table types: User groups: members, subgroups and the group-valued settings of groups.
import type { Generated } from "kysely";
import type { Flag } from "./flag.js";

export const GROUP_GROUP_SETTINGS = [
  "can_add_members_group",
  "can_join_group",
  "can_leave_group",
  "can_manage_group",
  "can_mention_group",
  "can_remove_members_group",
] as const;

export type GroupGroupSetting = (typeof GROUP_GROUP_SETTINGS)[number];

export type UserGroupTable = {
  id: Generated<number>;
  realm_id: number;
  /** null for the anonymous groups that hold a group-setting value */
  name: string | null;
  description: string;
  is_system_group: Flag;
  date_created: number | null;
  creator_id: number | null;
  deactivated: Flag;
} & Record<GroupGroupSetting, number | null>;

export interface GroupMemberTable {
  group_id: number;
  user_id: number;
}

export interface GroupSubgroupTable {
  group_id: number;
  subgroup_id: number;
}

export interface GroupsTables {
  user_groups: UserGroupTable;
  group_members: GroupMemberTable;
  group_subgroups: GroupSubgroupTable;
}
