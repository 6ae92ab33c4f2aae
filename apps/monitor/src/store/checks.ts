import type { Db } from "../deps.js";
import type { Check, ChecksTable, NewCheck } from "./schema.js";
import type { Updateable } from "kysely";

export async function findCheckByUuid(db: Db, uuid: string): Promise<Check | undefined> {
  return db.selectFrom("checks").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

export async function findCheckByUniqueKey(db: Db, projectId: number, uniqueKey: string): Promise<Check | undefined> {
  return db.selectFrom("checks").selectAll().where("project_id", "=", projectId).where("unique_key", "=", uniqueKey).executeTakeFirst();
}

export async function listChecks(db: Db, projectId: number, filter: { slug?: string } = {}): Promise<Check[]> {
  let query = db.selectFrom("checks").selectAll().where("project_id", "=", projectId);
  if (filter.slug) query = query.where("slug", "=", filter.slug);
  return query.orderBy("id").execute();
}

export type UpsertKey = Partial<Pick<Check, "name" | "slug" | "tags" | "timeout" | "grace">>;

/** The first check (lowest id) whose named fields all equal the given values. */
export async function findCheckMatching(db: Db, projectId: number, fields: UpsertKey): Promise<Check | undefined> {
  let query = db.selectFrom("checks").selectAll().where("project_id", "=", projectId);
  for (const [column, value] of Object.entries(fields) as [keyof UpsertKey, string | number][]) {
    query = query.where(column, "=", value);
  }
  return query.orderBy("id").limit(1).executeTakeFirst();
}

export async function insertCheck(db: Db, row: NewCheck): Promise<Check> {
  return db.insertInto("checks").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCheckRow(db: Db, id: number, changes: Updateable<ChecksTable>): Promise<Check | undefined> {
  return db.updateTable("checks").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

export async function deleteCheckRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("checks").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCheckByBadgeKey(db: Db, badgeKey: string): Promise<Check | undefined> {
  return db.selectFrom("checks").selectAll().where("badge_key", "=", badgeKey).executeTakeFirst();
}

/** Up to `limit` checks of a project with this slug (two are enough to call it ambiguous). */
export async function checksWithSlug(db: Db, projectId: number, slug: string, limit: number): Promise<Check[]> {
  return db.selectFrom("checks").selectAll().where("project_id", "=", projectId).where("slug", "=", slug).orderBy("id").limit(limit).execute();
}

export async function findCheckById(db: Db, id: number): Promise<Check | undefined> {
  return db.selectFrom("checks").selectAll().where("id", "=", id).executeTakeFirst();
}
