import type { Insertable, Selectable, Updateable } from "kysely";
import type { ChatDb, SavedSnippetTable } from "./schema.js";

export type SavedSnippet = Selectable<SavedSnippetTable>;

export function savedSnippetsOf(db: ChatDb, userId: number): Promise<SavedSnippet[]> {
  return db.selectFrom("saved_snippets").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export function savedSnippetById(db: ChatDb, userId: number, id: number): Promise<SavedSnippet | undefined> {
  return db.selectFrom("saved_snippets").selectAll().where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
}

export function insertSavedSnippet(db: ChatDb, row: Omit<Insertable<SavedSnippetTable>, "id">): Promise<SavedSnippet> {
  return db.insertInto("saved_snippets").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateSavedSnippet(db: ChatDb, id: number, changes: Updateable<SavedSnippetTable>): Promise<void> {
  await db.updateTable("saved_snippets").set(changes).where("id", "=", id).execute();
}

export async function deleteSavedSnippet(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("saved_snippets").where("id", "=", id).execute();
}
