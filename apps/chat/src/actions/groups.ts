// Creating, updating and deactivating user groups, and changing their members and subgroups.
import type { ChatDb, GroupGroupSetting } from "../store/schema.js";
import type { GroupGraph } from "../lib/group-graph.js";
import type { ChatDeps } from "../deps.js";
import { publish } from "./publish.js";
import { addMembers, addSubgroups, groupInRealm, groupsInRealm, insertGroup, removeMembers, removeSubgroups, updateGroup, type UserGroup } from "../store/groups.js";
import { groupCreatedEvents, groupUpdatedEvents, membershipEvents, type MembershipChange } from "../events/group-events.js";
import { loadRealmView } from "../events/realm-view.js";
import { doStoreGroupSetting } from "./group-settings.js";
import { type GroupSettingValue } from "../present/group-setting.js";
import { checkGroupName } from "./group-checks.js";
import { lockRealmNames } from "./realm-locks.js";

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

/** The route checked the name; look again under the realm's lock (a concurrent create may have taken it). */
async function claimGroupName(deps: ChatDeps, trx: ChatDb, realmId: number, name: string, exceptId?: number): Promise<void> {
  await lockRealmNames(trx, deps.dialect, realmId, "groups");
  checkGroupName(name, await groupsInRealm(trx, realmId), exceptId);
}

async function insertNewGroup(trx: ChatDb, graph: GroupGraph, input: NewGroup): Promise<number> {
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
}

export async function doCreateGroup(db: ChatDb, graph: GroupGraph, input: NewGroup): Promise<number> {
  return db.transaction().execute((trx) => insertNewGroup(trx, graph, input));
}

/** POST /user_groups/create: the group, and user_group/add to every active user. */
export async function createGroup(deps: ChatDeps, graph: GroupGraph, input: NewGroup): Promise<number> {
  const { value: id, stamp } = await deps.events.transaction(async (trx) => {
    await claimGroupName(deps, trx, input.realmId, input.name);
    return insertNewGroup(trx, graph, input);
  });
  const after = await loadRealmView(deps.db, input.realmId);
  publish(deps, groupCreatedEvents(after, (await groupInRealm(deps.db, input.realmId, id))!), { realmId: input.realmId, stamp });
  return id;
}

export interface GroupChanges {
  name?: string;
  description?: string;
  deactivated?: boolean;
  settings: Partial<Record<GroupGroupSetting, GroupSettingValue>>;
}

async function updateGroupRows(trx: ChatDb, realmId: number, groupId: number, changes: GroupChanges, now: number): Promise<void> {
  const fields: Record<string, unknown> = {};
  if (changes.name !== undefined) fields.name = changes.name;
  if (changes.description !== undefined) fields.description = changes.description;
  if (changes.deactivated !== undefined) fields.deactivated = changes.deactivated ? 1 : 0;
  for (const [name, value] of Object.entries(changes.settings)) fields[name] = await doStoreGroupSetting(trx, realmId, value, now);
  if (Object.keys(fields).length) await updateGroup(trx, groupId, fields);
}

export async function doUpdateGroup(db: ChatDb, realmId: number, groupId: number, changes: GroupChanges, now: number): Promise<void> {
  await db.transaction().execute((trx) => updateGroupRows(trx, realmId, groupId, changes, now));
}

/** PATCH /user_groups/{id} and deactivation, with their user_group events. */
export async function changeGroup(deps: ChatDeps, realmId: number, group: UserGroup, changes: GroupChanges, now: number): Promise<void> {
  const { stamp } = await deps.events.transaction(async (trx) => {
    if (changes.name !== undefined) await claimGroupName(deps, trx, realmId, changes.name, group.id);
    await updateGroupRows(trx, realmId, group.id, changes, now);
  });
  const after = await loadRealmView(deps.db, realmId);
  const updated = (await groupInRealm(deps.db, realmId, group.id))!;
  publish(deps, groupUpdatedEvents(after, group, updated, changes), { realmId, stamp });
}

async function membershipRows(trx: ChatDb, groupId: number, change: MembershipChange): Promise<void> {
  await removeMembers(trx, groupId, change.remove);
  await addMembers(trx, groupId, change.add);
  await removeSubgroups(trx, groupId, change.removeSubgroups);
  await addSubgroups(trx, groupId, change.addSubgroups);
}

export async function doChangeMembership(db: ChatDb, groupId: number, change: MembershipChange): Promise<void> {
  await db.transaction().execute((trx) => membershipRows(trx, groupId, change));
}

/** Members and subgroups, with their user_group events and the channel visibility they move. */
export async function changeMembership(deps: ChatDeps, realmId: number, groupId: number, change: MembershipChange): Promise<void> {
  const before = await loadRealmView(deps.db, realmId);
  const { stamp } = await deps.events.transaction((trx) => membershipRows(trx, groupId, change));
  publish(deps, membershipEvents(before, await loadRealmView(deps.db, realmId), groupId, change), { realmId, stamp });
}
