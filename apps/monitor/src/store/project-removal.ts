// Removing a project and everything in it, or an account with its projects. Checks and integrations reference the project
// without a cascade (001_initial), so they go first; their pings, flips, notifications and
// assignments cascade from them, and memberships from the project.
import type { Db } from "../deps.js";

export async function deleteProjectRows(db: Db, projectId: number): Promise<void> {
  await db.deleteFrom("checks").where("project_id", "=", projectId).execute();
  await db.deleteFrom("channels").where("project_id", "=", projectId).execute();
  await db.deleteFrom("projects").where("id", "=", projectId).execute();
}

/** Removes an account with the projects it owns; credentials, sessions, memberships and the profile cascade from it. */
export async function deleteAccountRows(db: Db, accountId: number): Promise<void> {
  const owned = await db.selectFrom("projects").select("id").where("owner_id", "=", accountId).execute();
  for (const { id } of owned) await deleteProjectRows(db, id);
  await db.deleteFrom("accounts").where("id", "=", accountId).execute();
}
