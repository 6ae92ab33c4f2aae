// Team members of a project: existing accounts invited by e-mail address.
import type { MonitorDeps } from "../deps.js";
import { deleteMembership, insertMembership } from "../store/memberships.js";
import type { MemberRole, Project } from "../store/schema.js";
import { findAccountByEmailFolded } from "../store/web-accounts.js";
import { normalizeEmail } from "./web-accounts.js";

export type InviteOutcome = { kind: "invited"; email: string } | { kind: "no_account" } | { kind: "owner" } | { kind: "already"; email: string };

export async function inviteMember(deps: MonitorDeps, project: Project, input: { email: string; role: MemberRole }): Promise<InviteOutcome> {
  const account = await findAccountByEmailFolded(deps.db, normalizeEmail(input.email));
  if (!account) return { kind: "no_account" };
  if (account.id === project.owner_id) return { kind: "owner" };
  const added = await insertMembership(deps.db, { project_id: project.id, account_id: account.id, role: input.role, created: deps.clock.now().getTime() });
  return added ? { kind: "invited", email: account.email } : { kind: "already", email: account.email };
}

export async function removeMember(deps: MonitorDeps, project: Project, accountId: number): Promise<boolean> {
  return deleteMembership(deps.db, project.id, accountId);
}
