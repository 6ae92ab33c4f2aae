// The organization's user groups (GET /json/user_groups), loaded when the browser is idle after
// the first view (ui/org/routes.ts) or else the first time a screen needs their names (the
// channel browser's permission pickers, the groups overlay), fetched again after the user
// changes one, and kept by user_group events meanwhile. Loading them also tells
// state/permissions.ts which groups the user is in.
import { signal } from "@preact/signals";
import { api } from "../api/client";
import { groupsOf, loadMyGroups, myGroups } from "./permissions";

export interface UserGroup {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
  deactivated?: boolean;
  creator_id?: number | null;
  [setting: `can_${string}_group`]: unknown;
}

export const userGroups = signal<readonly UserGroup[] | null>(null);

let loading: Promise<void> | null = null;

/** Fetches the groups (once; `again` to refresh after a change). */
export function loadGroups(userId: number, again = false): Promise<void> {
  if (again) loading = null;
  loading ??= api
    .get<{ user_groups: UserGroup[] }>("/user_groups")
    .then(({ user_groups }) => {
      userGroups.value = user_groups;
      myGroups.value = groupsOf(userId, user_groups);
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}

// Zulip's system groups (role:…), named for people; a user group shows its own name.
const SYSTEM_NAMES: Record<string, string> = {
  "role:internet": "Everyone on the internet",
  "role:everyone": "Everyone, guests included",
  "role:members": "Members",
  "role:fullmembers": "Full members",
  "role:moderators": "Moderators",
  "role:administrators": "Administrators",
  "role:owners": "Owners",
  "role:nobody": "Nobody",
};

export function groupLabel(group: Pick<UserGroup, "name" | "is_system_group">): string {
  return group.is_system_group ? (SYSTEM_NAMES[group.name] ?? group.name) : group.name;
}

/** The groups a permission may name: system roles first (widest first), then user groups by name. */
export function settingChoices(groups: readonly UserGroup[], allowInternet = false): UserGroup[] {
  const order = Object.keys(SYSTEM_NAMES);
  const system = groups.filter((g) => g.is_system_group && order.includes(g.name) && (allowInternet || g.name !== "role:internet")).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const own = groups.filter((g) => !g.is_system_group && !g.deactivated).sort((a, b) => a.name.localeCompare(b.name));
  return [...system, ...own];
}

/** Who a group setting names, in words: a group's label, or the people and groups of an anonymous one. */
export function describeSetting(value: unknown, groups: readonly UserGroup[], userName: (id: number) => string): string {
  if (typeof value === "number") {
    const g = groups.find((x) => x.id === value);
    return g ? groupLabel(g) : "Unknown group";
  }
  if (value && typeof value === "object") {
    const v = value as { direct_members?: number[]; direct_subgroups?: number[] };
    const parts = [...(v.direct_subgroups ?? []).map((id) => describeSetting(id, groups, userName)), ...(v.direct_members ?? []).map(userName)];
    return parts.length ? parts.join(", ") : "Nobody";
  }
  return "Nobody";
}

/** A user_group event (Zulip's GET /events: add, update, remove, add/remove_members, add/remove_subgroups). */
export interface GroupEvent {
  op: string;
  group?: UserGroup;
  group_id?: number;
  data?: Partial<UserGroup>;
  user_ids?: number[];
  direct_subgroup_ids?: number[];
}

const without = (list: readonly number[], gone: readonly number[]) => list.filter((id) => !gone.includes(id));
const withAdded = (list: readonly number[], added: readonly number[]) => [...list, ...added.filter((id) => !list.includes(id))];

/** One group after the event, or null when it leaves the list (op "remove"). */
function changedGroup(g: UserGroup, event: GroupEvent): UserGroup | null {
  switch (event.op) {
    case "update":
      return { ...g, ...event.data };
    case "remove":
      return null;
    case "add_members":
      return { ...g, members: withAdded(g.members, event.user_ids ?? []) };
    case "remove_members":
      return { ...g, members: without(g.members, event.user_ids ?? []) };
    case "add_subgroups":
      return { ...g, direct_subgroup_ids: withAdded(g.direct_subgroup_ids, event.direct_subgroup_ids ?? []) };
    case "remove_subgroups":
      return { ...g, direct_subgroup_ids: without(g.direct_subgroup_ids, event.direct_subgroup_ids ?? []) };
    default:
      return g;
  }
}

/**
 * Applies a user_group event to the loaded groups and the user's own memberships. Without the
 * list, only the memberships are kept (state/permissions.ts loaded them): fetched again.
 */
export function applyGroupEvent(event: GroupEvent, userId: number): void {
  const list = userGroups.peek();
  if (!list) {
    if (myGroups.peek() && event.op !== "update") void loadMyGroups(userId, true);
    return;
  }
  let next: UserGroup[];
  if (event.op === "add" && event.group) next = [...list.filter((g) => g.id !== event.group!.id), event.group];
  else next = list.flatMap((g) => (g.id === event.group_id ? (changedGroup(g, event) ?? []) : [g]));
  userGroups.value = next;
  myGroups.value = groupsOf(userId, next);
}

/** A deactivated user leaves every group (Zulip's clients are asked to do so: GET /events, realm_user). */
export function dropFromGroups(userId: number, myUserId: number): void {
  for (const g of userGroups.peek() ?? []) if (g.members.includes(userId)) applyGroupEvent({ op: "remove_members", group_id: g.id, user_ids: [userId] }, myUserId);
}
