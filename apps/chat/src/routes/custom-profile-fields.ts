// /realm/profile_fields: anyone lists; administrators create, edit, reorder and delete.
import { guarded, handler, raising, RESOURCE_NOT_FOUND, type UserContext } from "../http/endpoint.js";
import { optional, required, withDefault } from "../http/declare.js";
import { ResourceNotFoundError } from "../http/errors.js";
import { json, raw } from "../http/params.js";
import { bool, int, list, type Validator } from "../http/validators.js";
import { ParamValidationError } from "../http/errors.js";
import { accessField, checkCreateField, checkReorderFields, checkUpdateField, doDeleteField } from "../actions/custom-profile-fields.js";
import { presentField } from "../present/custom-profile-field.js";
import { fieldsInRealm } from "../store/custom-profile-fields.js";
import { pathId } from "./access.js";
import { requireAdmin } from "./guards.js";

const dict: Validator<Record<string, unknown>> = (value, path) => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ParamValidationError(`${path} is not a dict`);
  return value as Record<string, unknown>;
};

/** The field's id from the path: Zulip's URL pattern matches digits only, so anything else is a 404. */
function fieldId(raw: string | undefined): number {
  const id = pathId(raw);
  if (id === undefined) throw new ResourceNotFoundError("Not Found");
  return id;
}

const fieldPath = ({ path }: UserContext) => void fieldId(path.field_id);

export const listFields = handler({}, async ({ deps, realm }) => ({ custom_fields: (await fieldsInRealm(deps.db, realm.id)).map(presentField) }));

export const createField = guarded(
  requireAdmin,
  handler(
    {
      name: withDefault("name", raw(), ""),
      hint: withDefault("hint", raw(), ""),
      data: withDefault("field_data", json(dict), {}),
      type: required("field_type", json(int())),
      displayInProfileSummary: withDefault("display_in_profile_summary", json(bool), false),
      required: withDefault("required", json(bool), false),
      editableByUser: withDefault("editable_by_user", json(bool), true),
      useForUserMatching: withDefault("use_for_user_matching", json(bool), false),
    },
    async ({ deps, realm }, field) => ({ id: await checkCreateField(deps, realm.id, field) }),
  ),
);

export const reorderFields = guarded(
  requireAdmin,
  handler({ order: required("order", json(list(int()))) }, async ({ deps, realm }, { order }) => {
    await checkReorderFields(deps, realm.id, order);
    return {};
  }),
);

export const updateField = raising([RESOURCE_NOT_FOUND], guarded(
  requireAdmin,
  guarded(
    fieldPath,
    handler(
      {
        name: optional("name", raw()),
        hint: optional("hint", raw()),
        data: optional("field_data", json(dict)),
        displayInProfileSummary: optional("display_in_profile_summary", json(bool)),
        required: optional("required", json(bool)),
        editableByUser: optional("editable_by_user", json(bool)),
        useForUserMatching: optional("use_for_user_matching", json(bool)),
      },
      async ({ deps, path, realm }, changes) => {
        await checkUpdateField(deps, realm.id, fieldId(path.field_id), changes);
        return {};
      },
    ),
  ),
));

export const deleteField = raising([RESOURCE_NOT_FOUND], guarded(
  requireAdmin,
  handler({}, async ({ deps, path, realm }) => {
    const id = fieldId(path.field_id);
    await doDeleteField(deps, accessField(await fieldsInRealm(deps.db, realm.id), id));
    return {};
  }),
));
