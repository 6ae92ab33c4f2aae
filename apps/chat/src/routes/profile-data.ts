// PATCH/DELETE /users/me/profile_data: a user's own custom profile field values, within the
// organization's editable_by_user restriction (administrators are not restricted).
import type { Api } from "../http/endpoint.js";
import { json } from "../http/params.js";
import { anything, field, int, list, object } from "../http/validators.js";
import { isAdmin } from "../lib/roles.js";
import { checkUpdateProfileData } from "../actions/custom-profile-fields.js";

export const profileDataItems = list(object({ id: field(int()), value: field(anything) }));

export function register(api: Api): void {
  const { deps } = api;

  api.user("PATCH", "/users/me/profile_data", async ({ params, user, realm }) => {
    const data = params.required("data", json(profileDataItems));
    await checkUpdateProfileData(deps, realm, user, data, { mayEditAll: isAdmin(user) });
    return {};
  });

  api.user("DELETE", "/users/me/profile_data", async ({ params, user, realm }) => {
    const ids = params.required("data", json(list(int())));
    await checkUpdateProfileData(deps, realm, user, ids.map((id) => ({ id, value: null })), { mayEditAll: isAdmin(user) });
    return {};
  });
}
