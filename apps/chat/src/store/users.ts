import { isAdmin } from "../lib/roles.js";
import type { Selectable, Updateable } from "kysely";
import type { ChatDb, UserTable } from "./schema.js";

export type User = Selectable<UserTable>;

export function getUser(db: ChatDb, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export function userInRealm(db: ChatDb, realmId: number, id: number): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("realm_id", "=", realmId).where("id", "=", id).executeTakeFirst();
}

/** Emails match case-insensitively, on the delivery email or the visible one. */
export function userByEmail(db: ChatDb, realmId: number, email: string): Promise<User | undefined> {
  const key = email.trim().toLowerCase();
  return db
    .selectFrom("users")
    .selectAll()
    .where("realm_id", "=", realmId)
    .where((eb) => eb.or([eb("email_key", "=", key), eb(eb.fn("lower", ["email"]), "=", key)]))
    .executeTakeFirst();
}

/** The user whose API email this is (case-insensitively): their real address, or the stand-in that hides it. */
export function userByApiEmail(db: ChatDb, realmId: number, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("realm_id", "=", realmId)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
}

/**
 * The user holding this delivery email (case-insensitively), never matched by a stand-in;
 * with `visibilities`, only among those whose visibility is one of them.
 */
export function userByDeliveryEmail(db: ChatDb, realmId: number, email: string, visibilities?: number[]): Promise<User | undefined> {
  let q = db.selectFrom("users").selectAll().where("realm_id", "=", realmId).where("email_key", "=", email.trim().toLowerCase());
  if (visibilities) q = q.where("email_address_visibility", "in", visibilities);
  return q.executeTakeFirst();
}

/** Users who hide their address whose API email is still the real one, with their realm's subdomain. */
export function usersHidingWithoutStandIn(db: ChatDb): Promise<{ id: number; delivery_email: string; string_id: string }[]> {
  return db
    .selectFrom("users")
    .innerJoin("realms", "realms.id", "users.realm_id")
    .select(["users.id", "users.delivery_email", "realms.string_id"])
    .where("users.email_address_visibility", "<>", 1)
    .whereRef("users.email", "=", "users.delivery_email")
    .execute();
}

/** Every user holding this delivery email, across realms. */
export function usersByEmailEverywhere(db: ChatDb, email: string): Promise<User[]> {
  return db.selectFrom("users").selectAll().where("email_key", "=", email.trim().toLowerCase()).execute();
}

export function usersInRealm(db: ChatDb, realmId: number, options: { ids?: number[] } = {}): Promise<User[]> {
  let q = db.selectFrom("users").selectAll().where("realm_id", "=", realmId);
  if (options.ids) q = options.ids.length ? q.where("id", "in", options.ids) : q.where("id", "=", -1);
  return q.orderBy("id").execute();
}

export function usersByIds(db: ChatDb, realmId: number, ids: number[]): Promise<User[]> {
  return usersInRealm(db, realmId, { ids });
}

export async function insertUser(db: ChatDb, row: Omit<UserTable, "id" | "can_create_users" | "avatar_source" | "email_address_visibility"> & { can_create_users?: UserTable["can_create_users"] }): Promise<number> {
  const { id } = await db.insertInto("users").values({ ...row, can_create_users: row.can_create_users ?? 0 }).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: ChatDb, id: number, changes: Updateable<UserTable>): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

export async function countActiveOwners(db: ChatDb, realmId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("realm_id", "=", realmId)
    .where("role", "=", 100)
    .where("is_active", "=", 1)
    .where("is_bot", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function userByApiKeyHash(db: ChatDb, keyHash: string): Promise<User | undefined> {
  return db
    .selectFrom("api_keys")
    .innerJoin("users", "users.id", "api_keys.user_id")
    .selectAll("users")
    .where("api_keys.key_hash", "=", keyHash)
    .executeTakeFirst();
}

export async function insertApiKey(db: ChatDb, userId: number, keyHash: string, now: number): Promise<void> {
  await db.insertInto("api_keys").values({ user_id: userId, key_hash: keyHash, date_created: now }).execute();
}

export async function deleteApiKeys(db: ChatDb, userId: number): Promise<void> {
  await db.deleteFrom("api_keys").where("user_id", "=", userId).execute();
}

/** Zulip's active_user_ids(realm): who hears about realm-wide changes. */
export async function activeUserIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db.selectFrom("users").select("id").where("realm_id", "=", realmId).where("is_active", "=", 1).orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Active administrators (owners included), bots among them as in Zulip. */
export async function adminUserIds(db: ChatDb, realmId: number): Promise<number[]> {
  const rows = await db.selectFrom("users").select(["id", "role"]).where("realm_id", "=", realmId).where("is_active", "=", 1).orderBy("id").execute();
  return rows.filter((r) => isAdmin(r)).map((r) => r.id);
}
