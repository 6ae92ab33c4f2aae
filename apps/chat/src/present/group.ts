// User groups as Zulip's UserGroup object.
import { presentGroupSetting } from "./group-setting.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { GROUP_GROUP_SETTINGS } from "../store/schema.js";
import type { UserGroup } from "../store/groups.js";
import { unixSeconds } from "./time.js";

export function presentGroup(group: UserGroup, graph: GroupGraph): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: group.id,
    name: group.name,
    description: group.description,
    members: graph.directMembers(group.id),
    direct_subgroup_ids: graph.directSubgroups(group.id),
    date_created: group.date_created === null ? null : unixSeconds(group.date_created),
    creator_id: group.creator_id,
    is_system_group: Boolean(group.is_system_group),
    deactivated: Boolean(group.deactivated),
  };
  for (const setting of GROUP_GROUP_SETTINGS) out[setting] = group[setting] === null ? null : presentGroupSetting(graph, group[setting]);
  return out;
}
