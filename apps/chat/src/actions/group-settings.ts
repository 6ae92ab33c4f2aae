// Group-setting values: a named group's id, or `{direct_members, direct_subgroups}` stored as
// an anonymous group. An anonymous value that is exactly one subgroup and no members is the
// same as naming that group, so it is stored (and reported) as the group's id.
import type { ChatDb } from "../store/schema.js";
import { BadRequestError } from "../http/errors.js";
import { field, int, list, object, union, type Validator } from "../http/validators.js";
import type { GroupGraph } from "../lib/group-graph.js";
import type { GroupSettingValue } from "../present/group-setting.js";
import { addMembers, addSubgroups, insertGroup } from "../store/groups.js";


export const groupSettingValue: Validator<GroupSettingValue> = union(
  int(),
  object({ direct_members: field(list(int())), direct_subgroups: field(list(int())) }),
);

export const groupSettingChange: Validator<{ new: GroupSettingValue; old?: GroupSettingValue }> = object({
  new: field(groupSettingValue),
  old: { validator: groupSettingValue, optional: true as const },
});

export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === "number" || typeof b === "number") return a === b;
  const same = (x: number[], y: number[]) => x.length === y.length && [...x].sort().every((v, i) => v === [...y].sort()[i]);
  return same(a.direct_members, b.direct_members) && same(a.direct_subgroups, b.direct_subgroups);
}

export interface SettingRules {
  settingName: string;
  allowInternet?: boolean;
  allowNobody?: boolean;
  allowEveryone?: boolean;
}

/** Validates a value against the realm's groups and users, with Zulip's messages. */
export function checkGroupSetting(graph: GroupGraph, realmUserIds: Set<number>, value: GroupSettingValue, rules: SettingRules): GroupSettingValue {
  const checkGroup = (id: number) => {
    const group = graph.group(id);
    if (!group || group.name === null) throw new BadRequestError("Invalid user group");
    if (group.is_system_group) {
      const forbidden =
        (group.name === "role:internet" && !rules.allowInternet) ||
        (group.name === "role:nobody" && rules.allowNobody === false) ||
        (group.name === "role:everyone" && rules.allowEveryone === false);
      if (forbidden) throw new BadRequestError(`'${rules.settingName}' setting cannot be set to '${group.name}' group.`);
    }
  };
  if (typeof value === "number") {
    checkGroup(value);
    return value;
  }
  for (const id of value.direct_subgroups) checkGroup(id);
  for (const id of value.direct_members) if (!realmUserIds.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0];
  return value;
}

/** Stores a checked value and returns the group id a setting column should hold. */
export async function doStoreGroupSetting(db: ChatDb, realmId: number, value: GroupSettingValue, now: number): Promise<number> {
  if (typeof value === "number") return value;
  const id = await insertGroup(db, { realm_id: realmId, name: null, description: "", is_system_group: 0, date_created: now, creator_id: null, deactivated: 0 });
  await addMembers(db, id, [...new Set(value.direct_members)]);
  await addSubgroups(db, id, [...new Set(value.direct_subgroups)]);
  return id;
}
