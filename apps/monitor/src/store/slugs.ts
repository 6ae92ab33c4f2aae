import type { Db } from "../deps.js";

/** Checks with this slug in the project whose ping key this is (two at most: enough to tell). */
export async function checkIdsBySlug(db: Db, pingKey: string, slug: string): Promise<number[]> {
  const rows = await db
    .selectFrom("checks")
    .innerJoin("projects", "projects.id", "checks.project_id")
    .select("checks.id")
    .where("projects.ping_key", "=", pingKey)
    .where("checks.slug", "=", slug)
    .orderBy("checks.id")
    .limit(2)
    .execute();
  return rows.map((r) => r.id);
}
