// Custom profile fields (administrators) and users' values. Field changes send the whole list
// as a `custom_profile_fields` event; value changes send one realm_user update per field.
import type { ChatDeps } from "../deps.js";
import { BadRequestError } from "../http/errors.js";
import { realmUrl } from "../config.js";
import { renderMarkdown } from "../markdown/index.js";
import {
  checkFieldDefinition,
  checkFieldValue,
  DEFAULT_EXTERNAL_ACCOUNTS,
  FieldError,
  isClearing,
  isDefaultExternalField,
  MAX_DISPLAY_IN_PROFILE_SUMMARY,
  RENDERED_TYPES,
  SELECT,
  type FieldData,
} from "../lib/custom-profile-fields.js";
import { presentField } from "../present/custom-profile-field.js";
import { clearValue, clearValuesOutside, deleteField, fieldsInRealm, insertField, setValue, updateField, type CustomProfileField } from "../store/custom-profile-fields.js";
import type { Realm } from "../store/realms.js";
import type { User } from "../store/users.js";
import { usersInRealm } from "../store/users.js";
import { activeUserIds, publish } from "./publish.js";
import { lockRealmNames } from "./realm-locks.js";

const asBadRequest = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof FieldError) throw new BadRequestError(error.message);
    throw error;
  }
};

const parseData = (f: CustomProfileField): FieldData => (f.field_data ? (JSON.parse(f.field_data) as FieldData) : {});

export function accessField(fields: CustomProfileField[], id: number): CustomProfileField {
  const field = fields.find((f) => f.id === id);
  if (!field) throw new BadRequestError(`Field id ${id} not found.`);
  return field;
}

async function notifyFields(deps: ChatDeps, realmId: number): Promise<void> {
  const fields = (await fieldsInRealm(deps.db, realmId)).map(presentField);
  publish(deps, [{ event: { type: "custom_profile_fields", fields }, users: await activeUserIds(deps.db, realmId) }]);
}

function checkSummaryLimit(fields: CustomProfileField[], exceptId?: number): void {
  const shown = fields.filter((f) => f.display_in_profile_summary && f.id !== exceptId).length;
  if (shown >= MAX_DISPLAY_IN_PROFILE_SUMMARY) throw new BadRequestError(`Only ${MAX_DISPLAY_IN_PROFILE_SUMMARY} custom profile fields can be displayed in the profile summary.`);
}

const labelTaken = () => new BadRequestError("A field with that label already exists.");

export interface NewField {
  name: string;
  hint: string;
  type: number;
  data: FieldData;
  displayInProfileSummary: boolean;
  required: boolean;
  editableByUser: boolean;
  useForUserMatching: boolean;
}

export async function checkCreateField(deps: ChatDeps, realmId: number, input: NewField): Promise<number> {
  const fields = await fieldsInRealm(deps.db, realmId);
  if (input.displayInProfileSummary) checkSummaryLimit(fields);
  asBadRequest(() => checkFieldDefinition(input));
  let { name, hint } = input;
  let data = input.data;
  if (isDefaultExternalField(input.type, input.data)) {
    // A default external account takes its label and hint from Zulip's table.
    const preset = DEFAULT_EXTERNAL_ACCOUNTS[input.data.subtype as string]!;
    ({ name, hint } = preset);
    data = { subtype: input.data.subtype };
  }
  name = name.trim();
  if (fields.some((f) => f.name === name)) throw labelTaken();
  const hasData = Object.keys(data).length > 0 || input.type === SELECT;
  const id = await deps.db.transaction().execute(async (trx) => {
    // Look again under the realm's lock: a concurrent create may have taken the label.
    await lockRealmNames(trx, deps.dialect, realmId, "profile-fields");
    if ((await fieldsInRealm(trx, realmId)).some((f) => f.name === name)) throw labelTaken();
    const id = await insertField(trx, {
      realm_id: realmId,
      name,
      hint,
      field_type: input.type,
      field_data: hasData ? JSON.stringify(data) : "",
      field_order: 0,
      required: input.required ? 1 : 0,
      editable_by_user: input.editableByUser ? 1 : 0,
      display_in_profile_summary: input.displayInProfileSummary ? 1 : 0,
      use_for_user_matching: input.useForUserMatching ? 1 : 0,
    });
    // compat: Zulip orders a new field by its id.
    await updateField(trx, id, { field_order: id });
    return id;
  });
  await notifyFields(deps, realmId);
  return id;
}

export interface FieldChanges {
  name?: string;
  hint?: string;
  data?: FieldData;
  displayInProfileSummary?: boolean;
  required?: boolean;
  editableByUser?: boolean;
  useForUserMatching?: boolean;
}

export async function checkUpdateField(deps: ChatDeps, realmId: number, fieldId: number, changes: FieldChanges): Promise<void> {
  const fields = await fieldsInRealm(deps.db, realmId);
  const field = accessField(fields, fieldId);
  if (changes.displayInProfileSummary) checkSummaryLimit(fields, field.id);
  const current = parseData(field);
  if (isDefaultExternalField(field.field_type, current) && changes.name && changes.name !== field.name) {
    throw new BadRequestError("Default custom field cannot be updated.");
  }
  const name = changes.name || field.name;
  const hint = changes.hint ?? field.hint;
  const data = changes.data ?? current;
  asBadRequest(() => checkFieldDefinition({ name, hint, type: field.field_type, data, displayInProfileSummary: changes.displayInProfileSummary ?? false }));
  if (fields.some((f) => f.id !== field.id && f.name === name.trim())) throw labelTaken();
  await deps.db.transaction().execute(async (trx) => {
    await lockRealmNames(trx, deps.dialect, field.realm_id, "profile-fields");
    if ((await fieldsInRealm(trx, field.realm_id)).some((f) => f.id !== field.id && f.name === name.trim())) throw labelTaken();
    await updateField(trx, field.id, {
      name: name.trim(),
      hint,
      ...(changes.data !== undefined ? { field_data: JSON.stringify(changes.data) } : {}),
      ...(changes.displayInProfileSummary !== undefined ? { display_in_profile_summary: changes.displayInProfileSummary ? 1 : 0 } : {}),
      ...(changes.required !== undefined ? { required: changes.required ? 1 : 0 } : {}),
      ...(changes.editableByUser !== undefined ? { editable_by_user: changes.editableByUser ? 1 : 0 } : {}),
      ...(changes.useForUserMatching !== undefined ? { use_for_user_matching: changes.useForUserMatching ? 1 : 0 } : {}),
    });
    // Values naming a choice the field no longer offers are dropped.
    if (field.field_type === SELECT && changes.data !== undefined) await clearValuesOutside(trx, field.id, Object.keys(changes.data));
  });
  await notifyFields(deps, realmId);
}

export async function doDeleteField(deps: ChatDeps, field: CustomProfileField): Promise<void> {
  await deps.db.transaction().execute((trx) => deleteField(trx, field.id));
  await notifyFields(deps, field.realm_id);
}

export async function checkReorderFields(deps: ChatDeps, realmId: number, order: number[]): Promise<void> {
  const fields = await fieldsInRealm(deps.db, realmId);
  const position = new Map(order.map((id, i) => [id, i]));
  if (fields.some((f) => !position.has(f.id))) throw new BadRequestError("Invalid order mapping.");
  await deps.db.transaction().execute(async (trx) => {
    for (const f of fields) await updateField(trx, f.id, { field_order: position.get(f.id)! });
  });
  await notifyFields(deps, realmId);
}

function renderValue(deps: ChatDeps, realm: Realm, value: string): string {
  const ctx = { realmUrl: realmUrl(deps.config, realm.string_id), userByName: () => undefined, userById: () => undefined, groupByName: () => undefined, channelByName: () => undefined, realmEmoji: () => undefined, linkifiers: [] };
  return renderMarkdown(value, ctx).html;
}

export interface ProfileDataItem {
  id: number;
  value: unknown;
}

/**
 * Validates every item, then writes them in one transaction; returns nothing but announces
 * each changed field as a realm_user update. `mayEditAll`: administrators ignore
 * editable_by_user.
 */
export async function checkUpdateProfileData(deps: ChatDeps, realm: Realm, target: User, items: ProfileDataItem[], options: { mayEditAll: boolean }): Promise<void> {
  const fields = await fieldsInRealm(deps.db, realm.id);
  for (const item of items) {
    const field = accessField(fields, item.id);
    if (!options.mayEditAll && !field.editable_by_user) throw new BadRequestError("You are not allowed to change this field. Contact an administrator to update it.");
  }
  const users = new Map((await usersInRealm(deps.db, realm.id)).map((u) => [u.id, u]));
  const writes = items.map((item) => {
    const field = accessField(fields, item.id);
    if (isClearing(item.value)) return { field, value: null };
    const value = asBadRequest(() => checkFieldValue(item.value, { fieldName: field.name, type: field.field_type, data: parseData(field), users }));
    return { field, value };
  });
  const rendered = writes.map((w) => (w.value !== null && RENDERED_TYPES.includes(w.field.field_type) ? renderValue(deps, realm, w.value) : null));
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, w] of writes.entries()) {
      if (w.value === null) await clearValue(trx, target.id, w.field.id);
      else await setValue(trx, { user_id: target.id, field_id: w.field.id, value: w.value, rendered_value: rendered[i]! });
    }
  });
  const recipients = await activeUserIds(deps.db, realm.id);
  publish(
    deps,
    writes.map((w, i) => {
      const custom: Record<string, unknown> = { id: w.field.id, value: w.value };
      if (w.value !== null && RENDERED_TYPES.includes(w.field.field_type)) custom.rendered_value = rendered[i];
      return { event: { type: "realm_user", op: "update", person: { user_id: target.id, custom_profile_field: custom } }, users: recipients };
    }),
  );
}
