// A group-valued setting as the API shows it (Zulip's UserGroupMembersData): a named group's
// id, or the members and subgroups of an anonymous one.
import type { GroupGraph } from "../lib/group-graph.js";

/** A group setting's value in requests and answers. */
export type GroupSettingValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** The API form of a stored setting: an id for named groups, members and subgroups otherwise. */
export function presentGroupSetting(graph: GroupGraph, groupId: number): GroupSettingValue {
  const group = graph.group(groupId);
  if (!group || group.name !== null) return groupId;
  return { direct_members: graph.directMembers(groupId), direct_subgroups: graph.directSubgroups(groupId) };
}
