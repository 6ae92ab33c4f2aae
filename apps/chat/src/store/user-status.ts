import type { Selectable } from "kysely";
import type { ChatDb, UserStatusTable } from "./schema.js";

export type UserStatusRow = Selectable<UserStatusTable>;

export function userStatus(db: ChatDb, userId: number): Promise<UserStatusRow | undefined> {
  return db.selectFrom("user_status").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** The status rows of a realm's active users. */
export function activeUserStatuses(db: ChatDb, realmId: number): Promise<UserStatusRow[]> {
  return db
    .selectFrom("user_status as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .selectAll("s")
    .where("u.realm_id", "=", realmId)
    .where("u.is_active", "=", 1)
    .orderBy("s.user_id")
    .execute();
}

/** Creates or replaces the user's status row. */
export async function saveUserStatus(db: ChatDb, row: UserStatusRow): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db.insertInto("user_status").values(row).onConflict((oc) => oc.column("user_id").doUpdateSet(changes)).execute();
}
