// Project fields the dashboard changes: the name and the three keys.
import type { Db } from "../deps.js";
import type { Project } from "./schema.js";

export type KeyColumn = "api_key_hash" | "api_key_readonly_hash" | "ping_key";

export async function setProjectKey(db: Db, projectId: number, column: KeyColumn, value: string | null): Promise<Project | undefined> {
  return db.updateTable("projects").set({ [column]: value }).where("id", "=", projectId).returningAll().executeTakeFirst();
}

/** Sets a key only where none is set, so two concurrent "create" clicks make one key. */
export async function setProjectKeyIfUnset(db: Db, projectId: number, column: KeyColumn, value: string): Promise<boolean> {
  const result = await db.updateTable("projects").set({ [column]: value }).where("id", "=", projectId).where(column, "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function renameProject(db: Db, projectId: number, name: string): Promise<void> {
  await db.updateTable("projects").set({ name }).where("id", "=", projectId).execute();
}
