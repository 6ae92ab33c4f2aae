// Loading a check for a request, with the upstream's exact not-found/forbidden split.
import type { MonitorDeps } from "../deps.js";
import { findCheckByUniqueKey, findCheckByUuid } from "../store/checks.js";
import type { Check, Project } from "../store/schema.js";
import { empty, halt, PageNotFound } from "./responses.js";

/** By UUID: looked up across all projects; unknown is the HTML 404, foreign a bare 403. */
export async function accessCheck(deps: MonitorDeps, project: Project, uuid: string): Promise<Check> {
  const check = await findCheckByUuid(deps.db, uuid);
  if (!check) throw new PageNotFound();
  if (check.project_id !== project.id) halt(empty(403));
  return check;
}

/** By unique_key: looked up in the caller's project only, so foreign is a bare 404 too. */
export async function accessCheckByUniqueKey(deps: MonitorDeps, project: Project, uniqueKey: string): Promise<Check> {
  const check = await findCheckByUniqueKey(deps.db, project.id, uniqueKey);
  if (!check) halt(empty(404));
  return check;
}
