// The custom profile fields of a realm and the wanted users' values, read together for user
// listings (present/custom-profile-field.ts shapes them as profile_data).
import type { ChatDb } from "./schema.js";
import { fieldsInRealm, valuesInRealm, valuesOfUsers, type CustomProfileField, type CustomProfileFieldValue } from "./custom-profile-fields.js";

export interface ProfileRows {
  fields: CustomProfileField[];
  values: CustomProfileFieldValue[];
}

/** Every user's values when `userIds` is absent; none are read when the realm has no fields. */
export async function profileRows(db: ChatDb, realmId: number, userIds?: number[]): Promise<ProfileRows> {
  const fields = await fieldsInRealm(db, realmId);
  if (!fields.length) return { fields, values: [] };
  const values = userIds ? await valuesOfUsers(db, userIds) : await valuesInRealm(db, realmId);
  return { fields, values };
}
