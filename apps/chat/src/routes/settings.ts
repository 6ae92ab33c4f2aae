// PATCH /settings: the caller's account fields (name, email, password) and personal settings.
// compat: PATCH /settings/display and /settings/notifications are Zulip's deprecated aliases.
import type { Api, UserContext } from "../http/endpoint.js";
import { BadRequestError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { isAdmin } from "../lib/roles.js";
import { checkSettingValues, USER_SETTINGS } from "../lib/settings-spec.js";
import { checkEmailChange, checkPasswordChange } from "../actions/settings-checks.js";
import { doChangeFullName, doChangePassword, doChangeUserSettings } from "../actions/settings.js";
import { checkFullName } from "../actions/user-checks.js";
import { realmSettingValues } from "../store/settings.js";

export function register(api: Api): void {
  const { deps } = api;

  const handler = async (ctx: UserContext) => {
    const { params, user } = ctx;
    if (user.is_bot) throw new BadRequestError("This endpoint does not accept bot requests.");
    const fullName = params.optional("full_name", raw());
    const email = params.optional("email", raw());
    const oldPassword = params.optional("old_password", raw());
    const newPassword = params.optional("new_password", raw());
    const changes: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(USER_SETTINGS)) {
      const value = spec.bare ? params.optional(name, raw()) : params.optional(name, json(spec.validator));
      if (value === undefined) continue;
      changes[name] = spec.bare ? spec.validator(value, name) : value;
    }
    checkSettingValues(changes);

    if (newPassword !== undefined) {
      await checkPasswordChange(deps, user, oldPassword, newPassword);
      await doChangePassword(deps, user, newPassword);
    }
    if (email !== undefined && email.trim() !== user.delivery_email) {
      await checkEmailChange(deps, user, email.trim());
      // Zulip now mails a confirmation link to the new address and changes the email once it
      // is followed. Beacon's chat server sends no email yet, so the request stops here.
    }
    if (fullName !== undefined && fullName !== user.full_name) {
      const settings = await realmSettingValues(deps.db, user.realm_id);
      // compat: Zulip ignores a forbidden rename silently (the UI never offers one).
      if (settings.name_changes_disabled !== true || isAdmin(user)) await doChangeFullName(deps, user, checkFullName(fullName));
    }
    await doChangeUserSettings(deps, user, changes);
    return {};
  };

  api.user("PATCH", "/settings", handler);
  api.user("PATCH", "/settings/display", handler);
  api.user("PATCH", "/settings/notifications", handler);
}
