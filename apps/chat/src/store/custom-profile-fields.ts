import type { Selectable, Updateable } from "kysely";
import type { ChatDb, CustomProfileFieldTable, CustomProfileFieldValueTable } from "./schema.js";

export type CustomProfileField = Selectable<CustomProfileFieldTable>;
export type CustomProfileFieldValue = Selectable<CustomProfileFieldValueTable>;

export function fieldsInRealm(db: ChatDb, realmId: number): Promise<CustomProfileField[]> {
  return db.selectFrom("custom_profile_fields").selectAll().where("realm_id", "=", realmId).orderBy("field_order").orderBy("id").execute();
}

export async function insertField(db: ChatDb, row: Omit<CustomProfileFieldTable, "id">): Promise<number> {
  const { id } = await db.insertInto("custom_profile_fields").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateField(db: ChatDb, id: number, changes: Updateable<CustomProfileFieldTable>): Promise<void> {
  await db.updateTable("custom_profile_fields").set(changes).where("id", "=", id).execute();
}

export async function deleteField(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("custom_profile_field_values").where("field_id", "=", id).execute();
  await db.deleteFrom("custom_profile_fields").where("id", "=", id).execute();
}

export async function valuesOfUsers(db: ChatDb, userIds: number[]): Promise<CustomProfileFieldValue[]> {
  if (!userIds.length) return [];
  return db.selectFrom("custom_profile_field_values").selectAll().where("user_id", "in", userIds).execute();
}

export async function valuesInRealm(db: ChatDb, realmId: number): Promise<CustomProfileFieldValue[]> {
  return db
    .selectFrom("custom_profile_field_values")
    .innerJoin("custom_profile_fields", "custom_profile_fields.id", "custom_profile_field_values.field_id")
    .selectAll("custom_profile_field_values")
    .where("custom_profile_fields.realm_id", "=", realmId)
    .execute();
}

/** One upsert (concurrent writers of one value must not both insert). */
export async function setValue(db: ChatDb, row: CustomProfileFieldValue): Promise<void> {
  await db.insertInto("custom_profile_field_values").values(row).onConflict((oc) => oc.columns(["user_id", "field_id"]).doUpdateSet({ value: row.value, rendered_value: row.rendered_value })).execute();
}

export async function clearValue(db: ChatDb, userId: number, fieldId: number): Promise<void> {
  await db.deleteFrom("custom_profile_field_values").where("user_id", "=", userId).where("field_id", "=", fieldId).execute();
}

/** Drops values of a select field that point at choices no longer offered. */
export async function clearValuesOutside(db: ChatDb, fieldId: number, keys: string[]): Promise<void> {
  let q = db.deleteFrom("custom_profile_field_values").where("field_id", "=", fieldId);
  if (keys.length) q = q.where("value", "not in", keys);
  await q.execute();
}
