// PATCH /realm: organization settings (administrators; some owners only).
import type { Api } from "../http/endpoint.js";
import { BadRequestError, mustBeAdmin, mustBeOwner } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { isAdmin, isOwner } from "../lib/roles.js";
import { isStringSetting, REALM_GROUP_SETTINGS, REALM_SETTINGS } from "../lib/realm-settings.js";
import { groupSettingChange } from "../actions/group-settings.js";
import { checkRealmGroupSettings, doSetRealmGroupSettings, doSetRealmSettings, type GroupSettingChange } from "../actions/realm-settings.js";
import { usersInRealm } from "../store/users.js";
import { checkSettingValues, NOT_REALM_DEFAULTS } from "../lib/settings-spec.js";
import { doSetRealmUserDefaults } from "../actions/settings.js";
import { settingParams } from "./settings.js";
import { accessChannelById, channelScope } from "./channel-access.js";

export function register(api: Api): void {
  const { deps } = api;

  api.user("PATCH", "/realm", async (ctx) => {
    const { params, user, realm } = ctx;
    if (!isAdmin(user)) throw mustBeAdmin();
    const changes: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(REALM_SETTINGS)) {
      // Strings arrive bare; everything else JSON-encoded.
      const value = isStringSetting(name) ? params.optional(name, raw()) : params.optional(name, json(spec.validator));
      if (value === undefined) continue;
      if (isStringSetting(name)) spec.validator(value, name);
      if (spec.ownerOnly && !isOwner(user)) throw mustBeOwner();
      changes[name] = value === "unlimited" ? null : typeof value === "string" && name === "name" ? value.trim() : value;
    }
    // Permission settings arrive as {new, old?} (Zulip's GroupSettingChangeRequest).
    const groupChanges: Record<string, GroupSettingChange> = {};
    for (const [name, rules] of Object.entries(REALM_GROUP_SETTINGS)) {
      const change = params.optional(name, json(groupSettingChange));
      if (change === undefined) continue;
      if (rules.ownerOnly && !isOwner(user)) throw mustBeOwner();
      groupChanges[name] = change;
    }
    const scope = await channelScope(deps.db, ctx);
    for (const [name, value] of Object.entries(changes)) {
      if (!REALM_SETTINGS[name]!.channel || value === -1) continue;
      const stream = accessChannelById(scope, ctx, value as number);
      if (name === "moderation_request_channel_id" && !stream.invite_only) throw new BadRequestError("Moderation request channel must be private.");
    }
    const realmUserIds = new Set((await usersInRealm(deps.db, realm.id)).map((u) => u.id));
    const groupValues = checkRealmGroupSettings(scope.graph, scope.realmSettings, realmUserIds, groupChanges);
    const changed = await doSetRealmSettings(deps, realm, changes);
    await doSetRealmGroupSettings(deps, realm, groupValues);
    // compat: Zulip answers with each changed setting, strings reduced to "updated".
    return { ...Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, typeof v === "string" ? "updated" : v])), ...groupValues };
  });

  // Defaults for new users' personal settings (administrators); existing users keep theirs.
  api.user("PATCH", "/realm/user_settings_defaults", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const changes = settingParams(params, NOT_REALM_DEFAULTS);
    checkSettingValues(changes);
    await doSetRealmUserDefaults(deps, realm.id, changes);
    return {};
  });
}
