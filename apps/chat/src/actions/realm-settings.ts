// PATCH /realm writes: each changed setting is stored where it lives and announced to every
// active user as Zulip's do_set_realm_property does.
import type { ChatDeps } from "../deps.js";
import { BadRequestError, previousSettingMismatch } from "../http/errors.js";
import type { GroupGraph } from "../lib/group-graph.js";
import { REALM_GROUP_SETTINGS, REALM_SETTINGS } from "../lib/realm-settings.js";
import { realmMessageSettings, setRealmMessageSettings } from "../store/message-settings.js";
import { realmSettingValues, setRealmSettingValue } from "../store/settings.js";
import { setRealmGroupSetting, type Realm } from "../store/realms.js";
import { checkGroupSetting, doStoreGroupSetting, sameGroupSetting } from "./group-settings.js";
import { presentGroupSetting, type GroupSettingValue } from "../present/group-setting.js";
import { activeUserIds, publish } from "./publish.js";
import { presentAuthMethods, realmAuthMethods, type AuthMethods } from "../lib/auth-methods.js";

/** The current wire value of every setting PATCH /realm handles. */
export async function currentRealmSettings(deps: ChatDeps, realm: Realm): Promise<Record<string, unknown>> {
  const message = await realmMessageSettings(deps.db, realm.id);
  const kv = await realmSettingValues(deps.db, realm.id);
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
    if (spec.storage === "realm") {
      const value = (realm as unknown as Record<string, unknown>)[name];
      // A realm made before retention was settable holds null: kept forever, Zulip's -1.
      out[name] = name === "invite_required" ? Boolean(value) : name === "message_retention_days" ? (value ?? -1) : value;
    }
    else if (spec.storage === "message") {
      const value = (message as unknown as Record<string, unknown>)[name];
      out[name] = name === "allow_message_editing" ? Boolean(value) : name === "moderation_request_channel_id" ? (value ?? -1) : value;
    } else out[name] = name in kv ? kv[name] : spec.fallback;
  }
  return out;
}

/** Applies the changes that differ from the current values; returns those. */
export async function doSetRealmSettings(deps: ChatDeps, realm: Realm, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = await currentRealmSettings(deps, realm);
  const changed = Object.fromEntries(Object.entries(changes).filter(([name, value]) => JSON.stringify(current[name]) !== JSON.stringify(value)));
  if (!Object.keys(changed).length) return {};
  await deps.db.transaction().execute(async (trx) => {
    const realmColumns: Record<string, unknown> = {};
    const messageColumns: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(changed)) {
      const spec = REALM_SETTINGS[name]!;
      if (spec.storage === "realm") realmColumns[name] = typeof value === "boolean" ? (value ? 1 : 0) : value;
      else if (spec.storage === "message") {
        messageColumns[name] = name === "allow_message_editing" ? (value ? 1 : 0) : name === "moderation_request_channel_id" && value === -1 ? null : value;
      } else await setRealmSettingValue(trx, realm.id, name, value);
    }
    if (Object.keys(realmColumns).length) await trx.updateTable("realms").set(realmColumns).where("id", "=", realm.id).execute();
    if (Object.keys(messageColumns).length) await setRealmMessageSettings(trx, realm.id, messageColumns);
  });
  const users = await activeUserIds(deps.db, realm.id);
  publish(
    deps,
    Object.entries(changed).map(([name, value]) => ({
      event: REALM_SETTINGS[name]!.updateDict ? { type: "realm", op: "update_dict", property: "default", data: { [name]: value } } : { type: "realm", op: "update", property: name, value },
      users,
    })),
  );
  return changed;
}

export interface GroupSettingChange {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

/** An anonymous value naming no one is the nobody group, as Zulip's parse_group_setting_value. */
function normalize(graph: GroupGraph, value: GroupSettingValue): GroupSettingValue {
  if (typeof value === "number") return value;
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  if (!members.length && !subgroups.length) return graph.system("role:nobody").id;
  if (!members.length && subgroups.length === 1) return subgroups[0]!;
  return { direct_members: members, direct_subgroups: subgroups };
}

/**
 * The realm permission settings of PATCH /realm that change: the 'old' value must match when
 * sent, an unchanged value is skipped, and the new value must name groups the setting allows.
 */
export function checkRealmGroupSettings(graph: GroupGraph, current: Record<string, number>, realmUserIds: Set<number>, changes: Record<string, GroupSettingChange>): Record<string, GroupSettingValue> {
  const out: Record<string, GroupSettingValue> = {};
  for (const [name, change] of Object.entries(changes)) {
    const rules = REALM_GROUP_SETTINGS[name]!;
    const now = presentGroupSetting(graph, current[name]!);
    if (change.old !== undefined && !sameGroupSetting(normalize(graph, change.old), now)) throw previousSettingMismatch();
    const value = normalize(graph, change.new);
    if (sameGroupSetting(value, now)) continue;
    const checked = checkGroupSetting(graph, realmUserIds, value, { settingName: name, allowInternet: false, allowNobody: rules.allowNobody, allowEveryone: rules.allowEveryone });
    if (rules.systemGroups) {
      const group = typeof checked === "number" ? graph.group(checked) : undefined;
      if (!group?.is_system_group) throw new BadRequestError(`'${name}' must be a system user group.`);
      if (!rules.systemGroups.includes(group.name as never)) throw new BadRequestError(`'${name}' setting cannot be set to '${group.name}' group.`);
    }
    out[name] = checked;
  }
  return out;
}

/** Stores checked permission settings (anonymous values as new anonymous groups) and announces each. */
export async function doSetRealmGroupSettings(deps: ChatDeps, realm: Realm, values: Record<string, GroupSettingValue>): Promise<void> {
  if (!Object.keys(values).length) return;
  const now = deps.clock.now().getTime();
  const { stamp } = await deps.events.transaction(async (trx) => {
    for (const [name, value] of Object.entries(values)) await setRealmGroupSetting(trx, realm.id, name, await doStoreGroupSetting(trx, realm.id, value, now));
  });
  const users = await activeUserIds(deps.db, realm.id);
  publish(
    deps,
    Object.entries(values).map(([name, value]) => ({ event: { type: "realm", op: "update_dict", property: "default", data: { [name]: value } }, users, stamp, realmId: realm.id })),
  );
}

/** The organization's sign-in methods as stored. */
export const currentAuthMethods = async (deps: ChatDeps, realmId: number): Promise<AuthMethods> => realmAuthMethods((await realmSettingValues(deps.db, realmId)).authentication_methods);

/** Stores the methods and tells everyone the whole map, as Zulip's do_set_realm_authentication_methods. */
export async function doSetRealmAuthMethods(deps: ChatDeps, realm: Realm, methods: AuthMethods): Promise<void> {
  const { stamp } = await deps.events.transaction((trx) => setRealmSettingValue(trx, realm.id, "authentication_methods", methods));
  const event = { type: "realm", op: "update_dict", property: "default", data: { authentication_methods: presentAuthMethods(methods) } };
  publish(deps, [{ event, users: await activeUserIds(deps.db, realm.id), stamp, realmId: realm.id }]);
}
