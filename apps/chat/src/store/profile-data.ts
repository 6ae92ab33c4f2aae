// profile_data for user listings: one read of the realm's fields and the wanted values.
import type { ChatDb } from "./schema.js";
import { fieldsInRealm, valuesInRealm, valuesOfUsers } from "./custom-profile-fields.js";
import { profileDataByUser, type ProfileData } from "../present/custom-profile-field.js";

export async function profileDataFor(db: ChatDb, realmId: number, userIds?: number[]): Promise<Map<number, ProfileData>> {
  const fields = await fieldsInRealm(db, realmId);
  if (!fields.length) return new Map();
  const values = userIds ? await valuesOfUsers(db, userIds) : await valuesInRealm(db, realmId);
  return profileDataByUser(fields, values);
}
