// Who belongs to which user group, resolved in memory from one realm's snapshot. Role-based
// system groups take their direct members from users' roles, so a role change never has to
// rewrite memberships; other groups use stored members. Subgroups nest to any depth.
import { SYSTEM_GROUP_ROLE, SYSTEM_GROUPS, type SystemGroupName } from "./roles.js";

export interface GraphGroup {
  id: number;
  name: string | null;
  is_system_group: number;
}

export interface GraphUser {
  id: number;
  role: number;
  is_active: number;
}

export interface GroupSnapshot {
  groups: GraphGroup[];
  users: GraphUser[];
  memberships: { group_id: number; user_id: number }[];
  subgroupLinks: { group_id: number; subgroup_id: number }[];
}

export class GroupGraph {
  private readonly direct = new Map<number, number[]>();
  private readonly subs = new Map<number, number[]>();
  private readonly byName = new Map<string, GraphGroup>();
  private readonly byId = new Map<number, GraphGroup>();

  constructor(snapshot: GroupSnapshot) {
    for (const group of snapshot.groups) {
      this.byId.set(group.id, group);
      if (group.name !== null) this.byName.set(group.name, group);
      this.direct.set(group.id, []);
      this.subs.set(group.id, []);
    }
    for (const group of snapshot.groups) {
      const role = group.is_system_group && group.name ? SYSTEM_GROUP_ROLE[group.name as SystemGroupName] : undefined;
      if (role !== undefined) {
        this.direct.set(group.id, snapshot.users.filter((u) => u.role === role && u.is_active).map((u) => u.id));
      }
    }
    for (const m of snapshot.memberships) this.direct.get(m.group_id)?.push(m.user_id);
    for (const s of snapshot.subgroupLinks) this.subs.get(s.group_id)?.push(s.subgroup_id);
    for (const list of [...this.direct.values(), ...this.subs.values()]) list.sort((a, b) => a - b);
  }

  group(id: number): GraphGroup | undefined {
    return this.byId.get(id);
  }

  system(name: SystemGroupName): GraphGroup {
    const group = this.byName.get(name);
    if (!group) throw new Error(`system group ${name} missing`);
    return group;
  }

  directMembers(id: number): number[] {
    return this.direct.get(id) ?? [];
  }

  directSubgroups(id: number): number[] {
    return this.subs.get(id) ?? [];
  }

  /** Every group reachable through subgroups, the group itself included. */
  closure(id: number): Set<number> {
    const seen = new Set<number>();
    const stack = [id];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...this.directSubgroups(next));
    }
    return seen;
  }

  members(id: number): number[] {
    const out = new Set<number>();
    for (const g of this.closure(id)) for (const u of this.directMembers(g)) out.add(u);
    return [...out].sort((a, b) => a - b);
  }

  isMember(userId: number, groupId: number): boolean {
    for (const g of this.closure(groupId)) if (this.directMembers(g).includes(userId)) return true;
    return false;
  }

  /** Whether `ancestor` contains `descendant` through subgroups (for cycle checks). */
  contains(ancestor: number, descendant: number): boolean {
    return this.closure(ancestor).has(descendant);
  }
}

/** Subgroup chain of the system groups: each one is a subgroup of the next. */
export function systemSubgroupLinks(ids: Record<SystemGroupName, number>): { group_id: number; subgroup_id: number }[] {
  const chain = SYSTEM_GROUPS.slice(1);
  return chain.slice(1).map((name, i) => ({ group_id: ids[name], subgroup_id: ids[chain[i]] }));
}
