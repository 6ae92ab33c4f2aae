// Loading what a dashboard URL names, for the signed-in account. A project the account
// cannot see answers 404 exactly like one that does not exist, so project, check and
// integration ids of other accounts cannot be probed.
import type { MonitorDeps } from "../deps.js";
import { findChannelByUuid } from "../store/channel-assignments.js";
import { findCheckByUuid } from "../store/checks.js";
import { findProjectAccess, findProjectAccessById, type ProjectAccess } from "../store/memberships.js";
import type { Account, Channel, Check } from "../store/schema.js";
import { WebError } from "./respond.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = (what: string) => new WebError(404, `${what} was not found, or you do not have access to it.`);

export async function accessProject(deps: MonitorDeps, account: Account, uuid: string): Promise<ProjectAccess> {
  const access = UUID.test(uuid) ? await findProjectAccess(deps.db, account.id, uuid) : undefined;
  if (!access) throw notFound("This project");
  return access;
}

export async function accessCheck(deps: MonitorDeps, account: Account, uuid: string): Promise<{ check: Check; access: ProjectAccess }> {
  const check = UUID.test(uuid) ? await findCheckByUuid(deps.db, uuid) : undefined;
  const access = check ? await findProjectAccessById(deps.db, account.id, check.project_id) : undefined;
  if (!check || !access) throw notFound("This check");
  return { check, access };
}

export async function accessChannel(deps: MonitorDeps, account: Account, uuid: string): Promise<{ channel: Channel; access: ProjectAccess }> {
  const channel = UUID.test(uuid) ? await findChannelByUuid(deps.db, uuid) : undefined;
  const access = channel ? await findProjectAccessById(deps.db, account.id, channel.project_id) : undefined;
  if (!channel || !access) throw notFound("This integration");
  return { channel, access };
}

export function canWrite(access: ProjectAccess): boolean {
  return access.role !== "ro";
}

/** Read-only team members see everything and change nothing. */
export function requireWrite(access: ProjectAccess): void {
  if (!canWrite(access)) throw new WebError(403, "You have read-only access to this project.");
}

/** Team membership is managed by the project's owner. */
export function requireOwner(access: ProjectAccess): void {
  if (access.role !== "owner") throw new WebError(403, "Only the project's owner can do that.");
}
