// PATCH /realm: organization settings (administrators; some owners only).
import { guarded, handler, raising } from "../http/endpoint.js";
import { collect, optional, refine } from "../http/declare.js";
import { BadRequestError, mustBeOwner } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { isOwner } from "../lib/roles.js";
import { isStringSetting, REALM_GROUP_SETTINGS, REALM_SETTINGS } from "../lib/realm-settings.js";
import { groupSettingChange } from "../actions/group-settings.js";
import { checkRealmGroupSettings, currentAuthMethods, doSetRealmAuthMethods, doSetRealmGroupSettings, doSetRealmSettings, type GroupSettingChange } from "../actions/realm-settings.js";
import { applyAuthMethods, authMethodsParam, checkAuthMethods } from "../lib/auth-methods.js";
import { usersInRealm } from "../store/users.js";
import { checkSettingValues, NOT_REALM_DEFAULTS } from "../lib/settings-spec.js";
import { doSetRealmUserDefaults } from "../actions/settings.js";
import { userSettingParams } from "./settings.js";
import { accessChannelById, channelScope } from "./channel-access.js";
import { requireAdmin } from "./guards.js";

/** The realm's settings: strings arrive bare, everything else JSON-encoded. */
const realmSettingParams = collect<unknown>(
  Object.entries(REALM_SETTINGS).map(
    ([name, spec]) => [name, isStringSetting(name) ? refine(optional(name, raw()), (value) => (value === undefined ? undefined : (spec.validator(value, name), value))) : optional(name, json(spec.validator))] as const,
  ),
);

/** Permission settings arrive as {new, old?} (Zulip's GroupSettingChangeRequest). */
const groupSettingParams = collect(Object.keys(REALM_GROUP_SETTINGS).map((name) => [name, optional(name, json(groupSettingChange))] as const));

export const updateRealm = raising(["EXPECTATION_MISMATCH", "REQUEST_VARIABLE_INVALID", "UNAUTHORIZED_PRINCIPAL"], guarded(
  requireAdmin,
  handler({ given: realmSettingParams, groupChanges: groupSettingParams, authMethods: optional("authentication_methods", json(authMethodsParam)) }, async (ctx, { given, groupChanges, authMethods }) => {
    const { deps, user, realm } = ctx;
    // Zulip looks at the sign-in methods before any other setting: owners only, known names, one left on.
    const methods = authMethods && (await currentAuthMethods(deps, realm.id));
    if (authMethods) {
      if (!isOwner(user)) throw mustBeOwner();
      checkAuthMethods(methods!, authMethods);
    }
    const changes: Record<string, unknown> = {};
    for (const [name, value] of given) {
      if (REALM_SETTINGS[name]!.ownerOnly && !isOwner(user)) throw mustBeOwner();
      changes[name] = value === "unlimited" ? null : typeof value === "string" && name === "name" ? value.trim() : value;
    }
    for (const name of groupChanges.keys()) if (REALM_GROUP_SETTINGS[name]!.ownerOnly && !isOwner(user)) throw mustBeOwner();
    const scope = await channelScope(deps.db, ctx);
    for (const [name, value] of Object.entries(changes)) {
      if (!REALM_SETTINGS[name]!.channel || value === -1) continue;
      const stream = accessChannelById(scope, ctx, value as number);
      if (name === "moderation_request_channel_id" && !stream.invite_only) throw new BadRequestError("Moderation request channel must be private.");
    }
    const realmUserIds = new Set((await usersInRealm(deps.db, realm.id)).map((u) => u.id));
    const groupValues = checkRealmGroupSettings(scope.graph, scope.realmSettings, realmUserIds, Object.fromEntries(groupChanges) as Record<string, GroupSettingChange>);
    const changed = await doSetRealmSettings(deps, realm, changes);
    await doSetRealmGroupSettings(deps, realm, groupValues);
    const newMethods = authMethods && applyAuthMethods(methods!, authMethods);
    if (newMethods) await doSetRealmAuthMethods(deps, realm, newMethods);
    // compat: Zulip answers with each changed setting, strings reduced to "updated".
    return { ...Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, typeof v === "string" ? "updated" : v])), ...groupValues, ...(newMethods && { authentication_methods: authMethods }) };
  }),
));

// Defaults for new users' personal settings (administrators); existing users keep theirs.
export const updateUserSettingsDefaults = guarded(
  requireAdmin,
  handler({ changes: userSettingParams(NOT_REALM_DEFAULTS) }, async ({ deps, realm }, { changes }) => {
    checkSettingValues(changes);
    await doSetRealmUserDefaults(deps, realm.id, changes);
    return {};
  }),
);
