// The events of user group changes (Zulip's zerver/actions/user_groups.py): every group event
// goes to every active user; membership changes can also let users see channels whose
// permission settings name the group, or stop them.
import { presentGroup } from "../present/group.js";
import { presentGroupSetting } from "../present/group-setting.js";
import type { UserGroup } from "../store/groups.js";
import { accessChangeEvents, type Outgoing } from "./channel-events.js";
import { activeIds, type RealmView } from "./realm-view.js";

const groupEvent = (view: RealmView, event: Record<string, unknown>): Outgoing => ({ event: { type: "user_group", ...event }, users: activeIds(view) });

export function groupCreatedEvents(after: RealmView, group: UserGroup): Outgoing[] {
  return [groupEvent(after, { op: "add", group: presentGroup(group, after.graph) })];
}

export interface GroupFieldChanges {
  name?: string;
  description?: string;
  deactivated?: boolean;
  settings: Record<string, unknown>;
}

/** PATCH /user_groups/{id} and deactivation: one update per change, in Zulip's order. */
export function groupUpdatedEvents(after: RealmView, old: UserGroup, group: UserGroup, changes: GroupFieldChanges): Outgoing[] {
  const out: Outgoing[] = [];
  const update = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => out.push(groupEvent(after, { op: "update", group_id: group.id, data, ...extra }));
  // The name of a deactivated group reaches only clients that keep deactivated groups (registry.ts).
  if (changes.name !== undefined && changes.name !== old.name) update({ name: group.name }, { deactivated: Boolean(group.deactivated) });
  if (changes.description !== undefined && changes.description !== old.description) update({ description: group.description });
  for (const setting of Object.keys(changes.settings)) update({ [setting]: presentGroupSetting(after.graph, group[setting as keyof UserGroup] as number) });
  if (changes.deactivated === true && !old.deactivated) {
    update({ deactivated: true });
    out.push(groupEvent(after, { op: "remove", group_id: group.id }));
  }
  if (changes.deactivated === false && old.deactivated) {
    update({ deactivated: false });
    out.push(groupEvent(after, { op: "add", group: presentGroup(group, after.graph), for_reactivation: true }));
  }
  return out;
}

export interface MembershipChange {
  add: number[];
  remove: number[];
  addSubgroups: number[];
  removeSubgroups: number[];
}

/** Members and subgroups, then the channels the new membership shows or hides. */
export function membershipEvents(before: RealmView, after: RealmView, groupId: number, change: MembershipChange): Outgoing[] {
  const out: Outgoing[] = [];
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  if (change.remove.length) out.push(groupEvent(after, { op: "remove_members", group_id: groupId, user_ids: sorted(change.remove) }));
  if (change.add.length) out.push(groupEvent(after, { op: "add_members", group_id: groupId, user_ids: sorted(change.add) }));
  if (change.removeSubgroups.length) out.push(groupEvent(after, { op: "remove_subgroups", group_id: groupId, direct_subgroup_ids: sorted(change.removeSubgroups) }));
  if (change.addSubgroups.length) out.push(groupEvent(after, { op: "add_subgroups", group_id: groupId, direct_subgroup_ids: sorted(change.addSubgroups) }));
  out.push(...accessChangeEvents(before, after));
  return out;
}

/** A new account joining the groups its invitation named: one add_members per group. */
export function membersAddedEvents(after: RealmView, groupIds: number[], userId: number): Outgoing[] {
  return groupIds.map((groupId) => groupEvent(after, { op: "add_members", group_id: groupId, user_ids: [userId] }));
}
