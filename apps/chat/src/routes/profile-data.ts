// PATCH/DELETE /users/me/profile_data: a user's own custom profile field values, within the
// organization's editable_by_user restriction (administrators are not restricted).
import { handler } from "../http/endpoint.js";
import { required } from "../http/declare.js";
import { json } from "../http/params.js";
import { anything, field, int, list, object } from "../http/validators.js";
import { isAdmin } from "../lib/roles.js";
import { checkUpdateProfileData } from "../actions/custom-profile-fields.js";

export const profileDataItems = list(object({ id: field(int()), value: field(anything) }));

export const updateProfileData = handler({ data: required("data", json(profileDataItems)) }, async ({ deps, user, realm }, { data }) => {
  await checkUpdateProfileData(deps, realm, user, data, { mayEditAll: isAdmin(user) });
  return {};
});

export const removeProfileData = handler({ ids: required("data", json(list(int()))) }, async ({ deps, user, realm }, { ids }) => {
  await checkUpdateProfileData(deps, realm, user, ids.map((id) => ({ id, value: null })), { mayEditAll: isAdmin(user) });
  return {};
});
