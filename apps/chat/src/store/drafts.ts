import type { Insertable, Selectable } from "kysely";
import type { ChatDb, DraftTable } from "./schema.js";

export type DraftRow = Selectable<DraftTable>;
export type DraftValues = Omit<Insertable<DraftTable>, "id" | "user_id">;

/** Most recently edited first. */
export function draftsOf(db: ChatDb, userId: number, limit?: number): Promise<DraftRow[]> {
  let q = db.selectFrom("drafts").selectAll().where("user_id", "=", userId).orderBy("last_edit_time", "desc").orderBy("id", "desc");
  if (limit !== undefined) q = q.limit(limit);
  return q.execute();
}

export function draftById(db: ChatDb, userId: number, id: number): Promise<DraftRow | undefined> {
  return db.selectFrom("drafts").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export async function insertDrafts(db: ChatDb, userId: number, drafts: DraftValues[]): Promise<DraftRow[]> {
  const out: DraftRow[] = [];
  // One by one: the ids must come back in the order the drafts were given.
  for (const draft of drafts) out.push(await db.insertInto("drafts").values({ ...draft, user_id: userId }).returningAll().executeTakeFirstOrThrow());
  return out;
}

export async function updateDraft(db: ChatDb, id: number, values: DraftValues): Promise<void> {
  await db.updateTable("drafts").set(values).where("id", "=", id).execute();
}

export async function deleteDraft(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("drafts").where("id", "=", id).execute();
}

export async function deleteDraftsOf(db: ChatDb, userId: number): Promise<void> {
  await db.deleteFrom("drafts").where("user_id", "=", userId).execute();
}
