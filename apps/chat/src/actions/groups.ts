// Creating, updating and deactivating user groups, and changing their members and subgroups.
import type { ChatDb, GroupGroupSetting } from "../store/schema.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { addMembers, addSubgroups, insertGroup, removeMembers, removeSubgroups, updateGroup } from "../store/groups.js";
import { doStoreGroupSetting, type GroupSettingValue } from "./group-settings.js";

export interface NewGroup {
  realmId: number;
  name: string;
  description: string;
  members: number[];
  subgroups: number[];
  settings: Partial<Record<GroupGroupSetting, GroupSettingValue>>;
  creatorId: number;
  now: number;
}

function defaultSettings(graph: GroupGraph, creatorId: number): Record<GroupGroupSetting, GroupSettingValue> {
  const nobody = graph.system("role:nobody").id;
  return {
    can_add_members_group: nobody,
    can_join_group: nobody,
    can_leave_group: graph.system("role:everyone").id,
    can_manage_group: { direct_members: [creatorId], direct_subgroups: [] },
    can_mention_group: graph.system("role:everyone").id,
    can_remove_members_group: nobody,
  };
}

export async function doCreateGroup(db: ChatDb, graph: GroupGraph, input: NewGroup): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const settings = { ...defaultSettings(graph, input.creatorId), ...input.settings };
    const stored = {} as Record<GroupGroupSetting, number>;
    for (const [name, value] of Object.entries(settings)) stored[name as GroupGroupSetting] = await doStoreGroupSetting(trx, input.realmId, value, input.now);
    const id = await insertGroup(trx, {
      realm_id: input.realmId,
      name: input.name,
      description: input.description,
      is_system_group: 0,
      date_created: input.now,
      creator_id: input.creatorId,
      deactivated: 0,
      ...stored,
    });
    await addMembers(trx, id, input.members);
    await addSubgroups(trx, id, input.subgroups);
    return id;
  });
}

export interface GroupChanges {
  name?: string;
  description?: string;
  deactivated?: boolean;
  settings: Partial<Record<GroupGroupSetting, GroupSettingValue>>;
}

export async function doUpdateGroup(db: ChatDb, realmId: number, groupId: number, changes: GroupChanges, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields: Record<string, unknown> = {};
    if (changes.name !== undefined) fields.name = changes.name;
    if (changes.description !== undefined) fields.description = changes.description;
    if (changes.deactivated !== undefined) fields.deactivated = changes.deactivated ? 1 : 0;
    for (const [name, value] of Object.entries(changes.settings)) fields[name] = await doStoreGroupSetting(trx, realmId, value, now);
    if (Object.keys(fields).length) await updateGroup(trx, groupId, fields);
  });
}

export async function doChangeMembership(db: ChatDb, groupId: number, change: { add: number[]; remove: number[]; addSubgroups: number[]; removeSubgroups: number[] }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await removeMembers(trx, groupId, change.remove);
    await addMembers(trx, groupId, change.add);
    await removeSubgroups(trx, groupId, change.removeSubgroups);
    await addSubgroups(trx, groupId, change.addSubgroups);
  });
}
