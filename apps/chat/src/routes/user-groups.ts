// User groups: create, list, update, deactivate.
import type { Api } from "../http/endpoint.js";
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
import { registerGroupMembers } from "./group-members.js";

export function register(api: Api): void {
  const { db, clock } = api.deps;

  const realmUserIds = async (realmId: number) => new Set((await usersInRealm(db, realmId)).filter((u) => u.is_active).map((u) => u.id));

  const checkSubgroups = (scope: GroupScope, ids: number[]) => {
    for (const id of ids) accessGroup(scope, id);
    return [...new Set(ids)];
  };

  api.user("POST", "/user_groups/create", async (ctx) => {
    const { params, user } = ctx;
    const rawName = params.required("name", raw());
    const description = params.required("description", raw());
    const members = params.required("members", json(list(int())));
    const subgroups = params.withDefault("subgroups", json(list(int())), []);
    const settings: Partial<Record<GroupGroupSetting, GroupSettingValue>> = {};
    for (const name of GROUP_GROUP_SETTINGS) {
      const value = params.optional(name, json(groupSettingValue));
      if (value !== undefined) settings[name] = value;
    }
    const scope = await groupScope(db, ctx);
    if (isGuest(user) || !scope.graph.isMember(user.id, scope.realmSettings.can_create_groups)) throw insufficientPermission();
    const name = checkGroupName(rawName, scope.groups);
    const users = await realmUserIds(ctx.realm.id);
    const checked: typeof settings = {};
    for (const [setting, value] of Object.entries(settings)) {
      checked[setting as GroupGroupSetting] = checkGroupSetting(scope.graph, users, value, { settingName: setting, allowInternet: false });
    }
    const id = await createGroup(api.deps, scope.graph, {
      realmId: ctx.realm.id,
      name,
      description,
      members: checkUserIds(members, users),
      subgroups: checkSubgroups(scope, subgroups),
      settings: checked,
      creatorId: user.id,
      now: clock.now().getTime(),
    });
    return { group_id: id };
  });

  api.user("GET", "/user_groups", async (ctx) => {
    const includeDeactivated = ctx.params.withDefault("include_deactivated_groups", json(bool), false);
    const scope = await groupScope(db, ctx);
    const groups = scope.groups.filter((g) => g.name !== null && (includeDeactivated || !g.deactivated));
    return { user_groups: groups.map((g) => presentGroup(g, scope.graph)) };
  });

  api.user("PATCH", "/user_groups/:group_id", async (ctx) => {
    const { params, user } = ctx;
    const name = params.optional("name", raw());
    const description = params.optional("description", raw());
    const settingChanges = GROUP_GROUP_SETTINGS.map((setting) => [setting, params.optional(setting, json(groupSettingChange))] as const);
    const deactivated = params.optional("deactivated", json(bool));
    const scope = await groupScope(db, ctx);
    const group = accessGroup(scope, pathId(ctx.path.group_id));
    if (!canManageGroup(scope, user.id, group)) throw insufficientPermission();
    const changes: GroupChanges = { settings: {} };
    if (name !== undefined) changes.name = checkGroupName(name, scope.groups, group.id);
    if (description !== undefined) changes.description = description;
    if (deactivated === true) throw new BadRequestError("You can only change deactivated parameter to False.");
    if (deactivated === false) changes.deactivated = false;
    const users = await realmUserIds(ctx.realm.id);
    for (const [setting, change] of settingChanges) {
      if (change === undefined) continue;
      if (change.old !== undefined && !sameGroupSetting(change.old, presentGroupSetting(scope.graph, group[setting] ?? -1))) {
        throw previousSettingMismatch();
      }
      changes.settings[setting] = checkGroupSetting(scope.graph, users, change.new, { settingName: setting, allowInternet: false });
    }
    if (changes.name === undefined && changes.description === undefined && changes.deactivated === undefined && !Object.keys(changes.settings).length) {
      throw new BadRequestError("No new data supplied");
    }
    await changeGroup(api.deps, ctx.realm.id, group, changes, clock.now().getTime());
    return {};
  });

  api.user("POST", "/user_groups/:group_id/deactivate", async (ctx) => {
    const scope = await groupScope(db, ctx);
    const group = accessGroup(scope, pathId(ctx.path.group_id));
    if (!canManageGroup(scope, ctx.user.id, group)) throw insufficientPermission();
    const objections = await groupObjections(scope, group.id, ctx.realm.id);
    if (objections.length) throw new CannotDeactivateGroupInUseError(objections);
    await changeGroup(api.deps, ctx.realm.id, group, { deactivated: true, settings: {} }, clock.now().getTime());
    return {};
  });

  /** Where a group is still used: realm settings, channel settings, other groups. */
  async function groupObjections(scope: GroupScope, groupId: number, realmId: number): Promise<Record<string, unknown>[]> {
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

  registerGroupMembers(api);
}
