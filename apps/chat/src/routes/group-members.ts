// Members and subgroups of a user group.
import { handler, type UserContext } from "../http/endpoint.js";
import { withDefault } from "../http/declare.js";
import { BadRequestError, insufficientPermission } from "../http/errors.js";
import { json } from "../http/params.js";
import { bool, int, list } from "../http/validators.js";
import { changeMembership } from "../actions/groups.js";
import { usersInRealm } from "../store/users.js";
import { accessUserById, pathId } from "./access.js";
import { accessGroup, canManageGroup, groupScope, type GroupScope } from "./group-access.js";
import type { UserGroup } from "../store/groups.js";

async function change(ctx: UserContext, scope: GroupScope, group: UserGroup, add: number[], remove: number[], addSubgroups: number[], removeSubgroups: number[]) {
  const { user } = ctx;
  const manage = canManageGroup(scope, user.id, group);
  const member = (setting: number | null) => setting !== null && scope.graph.isMember(user.id, setting);
  if (group.is_system_group) throw insufficientPermission();
  if (add.length && !manage && !member(group.can_add_members_group) && !(add.every((id) => id === user.id) && member(group.can_join_group))) throw insufficientPermission();
  if (remove.length && !manage && !member(group.can_remove_members_group) && !(remove.every((id) => id === user.id) && member(group.can_leave_group))) throw insufficientPermission();
  if ((addSubgroups.length || removeSubgroups.length) && !manage) throw insufficientPermission();

  const direct = scope.graph.directMembers(group.id);
  const active = new Set((await usersInRealm(ctx.deps.db, ctx.realm.id)).filter((u) => u.is_active).map((u) => u.id));
  for (const id of add) {
    if (!active.has(id)) throw new BadRequestError(`Invalid user ID: ${id}`);
    if (direct.includes(id)) throw new BadRequestError(`User ${id} is already a member of this group`);
  }
  for (const id of remove) if (!direct.includes(id)) throw new BadRequestError(`There is no member '${id}' in this user group`);
  const subs = scope.graph.directSubgroups(group.id);
  for (const id of addSubgroups) {
    accessGroup(scope, id);
    if (subs.includes(id)) throw new BadRequestError(`User group ${id} is already a subgroup of this group.`);
    // A group may not contain itself, directly or through its subgroups.
    if (scope.graph.contains(id, group.id)) throw new BadRequestError(`User group ${id} is already a supergroup of this group.`);
  }
  for (const id of removeSubgroups) {
    accessGroup(scope, id);
    if (!subs.includes(id)) throw new BadRequestError(`User group ${id} is not a subgroup of this group.`);
  }
  await changeMembership(ctx.deps, ctx.realm.id, group.id, { add: [...new Set(add)], remove: [...new Set(remove)], addSubgroups: [...new Set(addSubgroups)], removeSubgroups: [...new Set(removeSubgroups)] });
}

const ids = (name: string) => withDefault(name, json(list(int())), []);

export const changeMembers = handler(
  { remove: ids("delete"), add: ids("add"), removeSubgroups: ids("delete_subgroups"), addSubgroups: ids("add_subgroups") },
  async (ctx, { remove, add, removeSubgroups, addSubgroups }) => {
    if (!add.length && !remove.length && !addSubgroups.length && !removeSubgroups.length) throw new BadRequestError("Nothing to do. Specify at least one of 'add', 'delete', 'add_subgroups' or 'delete_subgroups'.");
    const scope = await groupScope(ctx.deps.db, ctx);
    const group = accessGroup(scope, pathId(ctx.path.group_id));
    await change(ctx, scope, group, add, remove, addSubgroups, removeSubgroups);
    return {};
  },
);

export const changeSubgroups = handler({ remove: ids("delete"), add: ids("add") }, async (ctx, { remove, add }) => {
  if (!add.length && !remove.length) throw new BadRequestError("Nothing to do. Specify at least one of 'add' or 'delete'.");
  const scope = await groupScope(ctx.deps.db, ctx);
  const group = accessGroup(scope, pathId(ctx.path.group_id));
  await change(ctx, scope, group, [], [], add, remove);
  return {};
});

const directMemberOnly = withDefault("direct_member_only", json(bool), false);

export const groupMembers = handler({ directOnly: directMemberOnly }, async (ctx, { directOnly }) => {
  const scope = await groupScope(ctx.deps.db, ctx);
  const group = accessGroup(scope, pathId(ctx.path.group_id));
  return { members: directOnly ? scope.graph.directMembers(group.id) : scope.graph.members(group.id) };
});

export const isGroupMember = handler({ directOnly: directMemberOnly }, async (ctx, { directOnly }) => {
  const scope = await groupScope(ctx.deps.db, ctx);
  const group = accessGroup(scope, pathId(ctx.path.group_id));
  const target = await accessUserById(ctx.deps.db, ctx, pathId(ctx.path.user_id) ?? -1, { allowDeactivated: true, allowBots: true });
  const isMember = directOnly ? scope.graph.directMembers(group.id).includes(target.id) : scope.graph.isMember(target.id, group.id);
  return { is_user_group_member: isMember };
});

export const groupSubgroups = handler({ directOnly: withDefault("direct_subgroup_only", json(bool), false) }, async (ctx, { directOnly }) => {
  const scope = await groupScope(ctx.deps.db, ctx);
  const group = accessGroup(scope, pathId(ctx.path.group_id));
  const all = [...scope.graph.closure(group.id)].filter((id) => id !== group.id).sort((a, b) => a - b);
  return { subgroups: directOnly ? scope.graph.directSubgroups(group.id) : all };
});
