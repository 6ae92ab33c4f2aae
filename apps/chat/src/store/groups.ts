import type { Insertable, Selectable, Updateable } from "kysely";
import type { ChatDb, UserGroupTable } from "./schema.js";

export type UserGroup = Selectable<UserGroupTable>;

export async function insertGroup(db: ChatDb, row: Insertable<UserGroupTable>): Promise<number> {
  const { id } = await db.insertInto("user_groups").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateGroup(db: ChatDb, id: number, changes: Updateable<UserGroupTable>): Promise<void> {
  await db.updateTable("user_groups").set(changes).where("id", "=", id).execute();
}

export function groupsInRealm(db: ChatDb, realmId: number): Promise<UserGroup[]> {
  return db.selectFrom("user_groups").selectAll().where("realm_id", "=", realmId).orderBy("id").execute();
}

export function groupInRealm(db: ChatDb, realmId: number, id: number): Promise<UserGroup | undefined> {
  return db.selectFrom("user_groups").selectAll().where("realm_id", "=", realmId).where("id", "=", id).executeTakeFirst();
}

export function groupByName(db: ChatDb, realmId: number, name: string): Promise<UserGroup | undefined> {
  return db.selectFrom("user_groups").selectAll().where("realm_id", "=", realmId).where("name", "=", name).executeTakeFirst();
}

export async function membershipsInRealm(db: ChatDb, realmId: number): Promise<{ group_id: number; user_id: number }[]> {
  return db
    .selectFrom("group_members")
    .innerJoin("user_groups", "user_groups.id", "group_members.group_id")
    .select(["group_members.group_id", "group_members.user_id"])
    .where("user_groups.realm_id", "=", realmId)
    .execute();
}

export async function subgroupLinksInRealm(db: ChatDb, realmId: number): Promise<{ group_id: number; subgroup_id: number }[]> {
  return db
    .selectFrom("group_subgroups")
    .innerJoin("user_groups", "user_groups.id", "group_subgroups.group_id")
    .select(["group_subgroups.group_id", "group_subgroups.subgroup_id"])
    .where("user_groups.realm_id", "=", realmId)
    .execute();
}

export async function addMembers(db: ChatDb, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await db.insertInto("group_members").values(userIds.map((user_id) => ({ group_id: groupId, user_id }))).execute();
}

export async function removeMembers(db: ChatDb, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length) await db.deleteFrom("group_members").where("group_id", "=", groupId).where("user_id", "in", userIds).execute();
}

export async function addSubgroups(db: ChatDb, groupId: number, subgroupIds: number[]): Promise<void> {
  if (subgroupIds.length) await db.insertInto("group_subgroups").values(subgroupIds.map((subgroup_id) => ({ group_id: groupId, subgroup_id }))).execute();
}

export async function removeSubgroups(db: ChatDb, groupId: number, subgroupIds: number[]): Promise<void> {
  if (subgroupIds.length) await db.deleteFrom("group_subgroups").where("group_id", "=", groupId).where("subgroup_id", "in", subgroupIds).execute();
}

export function groupsByIds(db: ChatDb, ids: number[]): Promise<UserGroup[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("user_groups").selectAll().where("id", "in", ids).execute();
}
