// The organization's user groups (GET /json/user_groups), loaded the first time a screen needs
// their names (the channel browser's permission pickers, the groups overlay), and fetched again
// after the user changes one. Loading them also tells state/permissions.ts which groups the user is in.
import { signal } from "@preact/signals";
import { api } from "../api/client";
import { groupsOf, myGroups } from "./permissions";

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
