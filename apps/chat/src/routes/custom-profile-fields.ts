// /realm/profile_fields: anyone lists; administrators create, edit, reorder and delete.
import type { Api } from "../http/endpoint.js";
import { mustBeAdmin, ResourceNotFoundError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, type Validator } from "../http/validators.js";
import { ParamValidationError } from "../http/errors.js";
import { isAdmin } from "../lib/roles.js";
import { accessField, checkCreateField, checkReorderFields, checkUpdateField, doDeleteField } from "../actions/custom-profile-fields.js";
import { presentField } from "../present/custom-profile-field.js";
import { fieldsInRealm } from "../store/custom-profile-fields.js";
import { pathId } from "./access.js";

const dict: Validator<Record<string, unknown>> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ParamValidationError(`${path} is not a dict`);
  return value as Record<string, unknown>;
};

export function register(api: Api): void {
  const { deps } = api;

  const fieldId = (raw: string | undefined) => {
    const id = pathId(raw);
    if (id === undefined) throw new ResourceNotFoundError("Not Found");
    return id;
  };

  api.user("GET", "/realm/profile_fields", async ({ realm }) => ({ custom_fields: (await fieldsInRealm(deps.db, realm.id)).map(presentField) }));

  api.user("POST", "/realm/profile_fields", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const name = params.withDefault("name", raw(), "");
    const hint = params.withDefault("hint", raw(), "");
    const data = params.withDefault("field_data", json(dict), {});
    const type = params.required("field_type", json(int()));
    const displayInProfileSummary = params.withDefault("display_in_profile_summary", json(bool), false);
    const required = params.withDefault("required", json(bool), false);
    const editableByUser = params.withDefault("editable_by_user", json(bool), true);
    const useForUserMatching = params.withDefault("use_for_user_matching", json(bool), false);
    const id = await checkCreateField(deps, realm.id, { name, hint, type, data, displayInProfileSummary, required, editableByUser, useForUserMatching });
    return { id };
  });

  api.user("PATCH", "/realm/profile_fields", async ({ params, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    await checkReorderFields(deps, realm.id, params.required("order", json(list(int()))));
    return {};
  });

  api.user("PATCH", "/realm/profile_fields/:field_id", async ({ params, path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const id = fieldId(path.field_id);
    await checkUpdateField(deps, realm.id, id, {
      name: params.optional("name", raw()),
      hint: params.optional("hint", raw()),
      data: params.optional("field_data", json(dict)),
      displayInProfileSummary: params.optional("display_in_profile_summary", json(bool)),
      required: params.optional("required", json(bool)),
      editableByUser: params.optional("editable_by_user", json(bool)),
      useForUserMatching: params.optional("use_for_user_matching", json(bool)),
    });
    return {};
  });

  api.user("DELETE", "/realm/profile_fields/:field_id", async ({ path, user, realm }) => {
    if (!isAdmin(user)) throw mustBeAdmin();
    const id = fieldId(path.field_id);
    await doDeleteField(deps, accessField(await fieldsInRealm(deps.db, realm.id), id));
    return {};
  });

}
