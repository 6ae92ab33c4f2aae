// Custom profile fields and users' profile_data, as Zulip sends them.
import type { CustomProfileField, CustomProfileFieldValue } from "../store/custom-profile-fields.js";
import { RENDERED_TYPES } from "../lib/custom-profile-fields.js";
import type { ProfileRows } from "../store/profile-data.js";

export function presentField(f: CustomProfileField): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: f.id,
    name: f.name,
    type: f.field_type,
    hint: f.hint,
    field_data: f.field_data,
    order: f.field_order,
    required: Boolean(f.required),
    editable_by_user: Boolean(f.editable_by_user),
  };
  // compat: both flags appear only when true.
  if (f.display_in_profile_summary) out.display_in_profile_summary = true;
  if (f.use_for_user_matching) out.use_for_user_matching = true;
  return out;
}

export type ProfileData = Record<string, { value: string; rendered_value?: string }>;

/** profile_data by user id, for the users whose values are given. */
export function profileDataByUser(fields: CustomProfileField[], values: CustomProfileFieldValue[]): Map<number, ProfileData> {
  const types = new Map(fields.map((f) => [f.id, f.field_type]));
  const out = new Map<number, ProfileData>();
  for (const v of values) {
    const type = types.get(v.field_id);
    if (type === undefined) continue;
    let data = out.get(v.user_id);
    if (!data) out.set(v.user_id, (data = {}));
    data[String(v.field_id)] = RENDERED_TYPES.includes(type) ? { value: v.value, rendered_value: v.rendered_value ?? "" } : { value: v.value };
  }
  return out;
}

/** profile_data of each user with values, from the rows store/profile-data.ts reads. */
export function profileDataOf(rows: ProfileRows): Map<number, ProfileData> {
  return profileDataByUser(rows.fields, rows.values);
}
