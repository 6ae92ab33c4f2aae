// Removing a project and everything in it. Checks and integrations reference the project
// without a cascade (001_initial), so they go first; their pings, flips, notifications and
// assignments cascade from them, and memberships from the project.
import type { Db } from "../deps.js";

export async function deleteProjectRows(db: Db, projectId: number): Promise<void> {
  await db.deleteFrom("checks").where("project_id", "=", projectId).execute();
  await db.deleteFrom("channels").where("project_id", "=", projectId).execute();
  await db.deleteFrom("projects").where("id", "=", projectId).execute();
}
