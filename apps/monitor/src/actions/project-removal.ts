// Deleting a project (its owner, from the settings page): its checks, their history, its
// integrations and its team go with it, in one transaction. Pings to its checks then 404.
import type { MonitorDeps } from "../deps.js";
import { deleteProjectRows } from "../store/project-removal.js";
import type { Project } from "../store/schema.js";

export async function deleteProject(deps: MonitorDeps, project: Project): Promise<void> {
  await deps.db.transaction().execute((trx) => deleteProjectRows(trx, project.id));
}
