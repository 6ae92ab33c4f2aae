// User groups: create, list, update, deactivate.
import { handler, raising } from "../http/endpoint.js";
import { collect, optional, required, withDefault } from "../http/declare.js";
import { BadRequestError, CannotDeactivateGroupInUseError, insufficientPermission, previousSettingMismatch } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list } from "../http/validators.js";
import { changeGroup, createGroup, type GroupChanges } from "../actions/groups.js";
import { checkGroupName, checkUserIds } from "../actions/group-checks.js";
import { checkGroupSetting, groupSettingChange, groupSettingValue, sameGroupSetting } from "../actions/group-settings.js";
import { presentGroupSetting, type GroupSettingValue } from "../present/group-setting.js";
import { isGuest } from "../lib/roles.js";
import { presentGroup } from "../present/group.js";
import { GROUP_GROUP_SETTINGS, STREAM_GROUP_SETTINGS, type GroupGroupSetting } from "../store/schema.js";
import { streamsInRealm } from "../store/streams.js";
import { usersInRealm } from "../store/users.js";
import { pathId } from "./access.js";
import { accessGroup, canManageGroup, groupScope, type GroupScope } from "./group-access.js";
import type { ChatDb } from "../store/schema.js";

const realmUserIds = async (db: ChatDb, realmId: number) => new Set((await usersInRealm(db, realmId)).filter((u) => u.is_active).map((u) => u.id));

function checkSubgroups(scope: GroupScope, ids: number[]) {
  for (const id of ids) accessGroup(scope, id);
  return [...new Set(ids)];
}

export const createUserGroup = handler(
  {
    rawName: required("name", raw()),
    description: required("description", raw()),
    members: required("members", json(list(int()))),
    subgroups: withDefault("subgroups", json(list(int())), []),
    settings: collect(GROUP_GROUP_SETTINGS.map((name) => [name, optional(name, json(groupSettingValue))] as const)),
  },
  async (ctx, { rawName, description, members, subgroups, settings }) => {
    const { deps, user } = ctx;
    const scope = await groupScope(deps.db, ctx);
    if (isGuest(user) || !scope.graph.isMember(user.id, scope.realmSettings.can_create_groups)) throw insufficientPermission();
    const name = checkGroupName(rawName, scope.groups);
    const users = await realmUserIds(deps.db, ctx.realm.id);
    const checked: Partial<Record<GroupGroupSetting, GroupSettingValue>> = {};
    for (const [setting, value] of settings) {
      checked[setting as GroupGroupSetting] = checkGroupSetting(scope.graph, users, value, { settingName: setting, allowInternet: false });
    }
    const id = await createGroup(deps, scope.graph, {
      realmId: ctx.realm.id,
      name,
      description,
      members: checkUserIds(members, users),
      subgroups: checkSubgroups(scope, subgroups),
      settings: checked,
      creatorId: user.id,
      now: deps.clock.now().getTime(),
    });
    return { group_id: id };
  },
);

export const listUserGroups = handler({ includeDeactivated: withDefault("include_deactivated_groups", json(bool), false) }, async (ctx, { includeDeactivated }) => {
  const scope = await groupScope(ctx.deps.db, ctx);
  const groups = scope.groups.filter((g) => g.name !== null && (includeDeactivated || !g.deactivated));
  return { user_groups: groups.map((g) => presentGroup(g, scope.graph)) };
});

export const updateUserGroup = raising(["EXPECTATION_MISMATCH"], handler(
  {
    name: optional("name", raw()),
    description: optional("description", raw()),
    settingChanges: collect(GROUP_GROUP_SETTINGS.map((setting) => [setting, optional(setting, json(groupSettingChange))] as const)),
    deactivated: optional("deactivated", json(bool)),
  },
  async (ctx, { name, description, settingChanges, deactivated }) => {
    const { deps, user } = ctx;
    const scope = await groupScope(deps.db, ctx);
    const group = accessGroup(scope, pathId(ctx.path.group_id));
    if (!canManageGroup(scope, user.id, group)) throw insufficientPermission();
    const changes: GroupChanges = { settings: {} };
    if (name !== undefined) changes.name = checkGroupName(name, scope.groups, group.id);
    if (description !== undefined) changes.description = description;
    if (deactivated === true) throw new BadRequestError("You can only change deactivated parameter to False.");
    if (deactivated === false) changes.deactivated = false;
    const users = await realmUserIds(deps.db, ctx.realm.id);
    for (const [name, change] of settingChanges) {
      const setting = name as GroupGroupSetting;
      if (change.old !== undefined && !sameGroupSetting(change.old, presentGroupSetting(scope.graph, group[setting] ?? -1))) {
        throw previousSettingMismatch();
      }
      changes.settings[setting] = checkGroupSetting(scope.graph, users, change.new, { settingName: setting, allowInternet: false });
    }
    if (changes.name === undefined && changes.description === undefined && changes.deactivated === undefined && !Object.keys(changes.settings).length) {
      throw new BadRequestError("No new data supplied");
    }
    await changeGroup(deps, ctx.realm.id, group, changes, deps.clock.now().getTime());
    return {};
  },
));

export const deactivateUserGroup = raising(["CANNOT_DEACTIVATE_GROUP_IN_USE"], handler({}, async (ctx) => {
  const { deps } = ctx;
  const scope = await groupScope(deps.db, ctx);
  const group = accessGroup(scope, pathId(ctx.path.group_id));
  if (!canManageGroup(scope, ctx.user.id, group)) throw insufficientPermission();
  const objections = await groupObjections(deps.db, scope, group.id, ctx.realm.id);
  if (objections.length) throw new CannotDeactivateGroupInUseError(objections);
  await changeGroup(deps, ctx.realm.id, group, { deactivated: true, settings: {} }, deps.clock.now().getTime());
  return {};
}));

/** Where a group is still used: realm settings, channel settings, other groups. */
async function groupObjections(db: ChatDb, scope: GroupScope, groupId: number, realmId: number): Promise<Record<string, unknown>[]> {
  const uses = (settingGroup: number | null) => settingGroup !== null && (settingGroup === groupId || (scope.graph.group(settingGroup)?.name === null && scope.graph.directSubgroups(settingGroup).includes(groupId)));
  const out: Record<string, unknown>[] = [];
  const realmSettings = Object.entries(scope.realmSettings).filter(([, g]) => uses(g)).map(([name]) => name).sort();
  if (realmSettings.length) out.push({ type: "realm", settings: realmSettings });
  for (const stream of await streamsInRealm(db, realmId)) {
    const settings = STREAM_GROUP_SETTINGS.filter((s) => uses(stream[s]));
    if (settings.length && !stream.deactivated) out.push({ type: "channel", channel_id: stream.id, settings });
  }
  for (const other of scope.groups) {
    if (other.id === groupId || other.name === null || other.deactivated) continue;
    const settings = GROUP_GROUP_SETTINGS.filter((s) => uses(other[s]));
    if (scope.graph.directSubgroups(other.id).includes(groupId)) settings.push("direct_subgroup_ids" as never);
    if (settings.length) out.push({ type: "user_group", group_id: other.id, settings });
  }
  return out;
}
