// Who may see a project: its owner, and the accounts invited to its team.
import type { Db } from "../deps.js";
import type { Account, MemberRole, Project } from "./schema.js";

export interface ProjectAccess {
  project: Project;
  /** `owner` for the project's owner, else the member's role. */
  role: "owner" | MemberRole;
}

export async function findProjectAccess(db: Db, accountId: number, projectUuid: string): Promise<ProjectAccess | undefined> {
  const project = await db.selectFrom("projects").selectAll().where("uuid", "=", projectUuid).executeTakeFirst();
  if (!project) return undefined;
  if (project.owner_id === accountId) return { project, role: "owner" };
  const member = await db.selectFrom("memberships").select("role").where("project_id", "=", project.id).where("account_id", "=", accountId).executeTakeFirst();
  return member ? { project, role: member.role } : undefined;
}

export async function findProjectAccessById(db: Db, accountId: number, projectId: number): Promise<ProjectAccess | undefined> {
  const project = await db.selectFrom("projects").select("uuid").where("id", "=", projectId).executeTakeFirst();
  return project ? findProjectAccess(db, accountId, project.uuid) : undefined;
}

/** Every project the account owns or belongs to, owned ones first, then by name. */
export async function listAccessibleProjects(db: Db, accountId: number): Promise<ProjectAccess[]> {
  const owned = await db.selectFrom("projects").selectAll().where("owner_id", "=", accountId).orderBy("name").orderBy("id").execute();
  const joined = await db
    .selectFrom("memberships")
    .innerJoin("projects", "projects.id", "memberships.project_id")
    .selectAll("projects")
    .select("memberships.role")
    .where("memberships.account_id", "=", accountId)
    .orderBy("projects.name")
    .orderBy("projects.id")
    .execute();
  return [
    ...owned.map((project) => ({ project, role: "owner" as const })),
    ...joined.map(({ role, ...project }) => ({ project, role })),
  ];
}

export interface TeamMember {
  account: Account;
  role: MemberRole;
}

export async function listMembers(db: Db, projectId: number): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("memberships")
    .innerJoin("accounts", "accounts.id", "memberships.account_id")
    .selectAll("accounts")
    .select("memberships.role")
    .where("memberships.project_id", "=", projectId)
    .orderBy("accounts.email")
    .execute();
  return rows.map(({ role, ...account }) => ({ account, role }));
}

/** False when the account is a member already. */
export async function insertMembership(db: Db, row: { project_id: number; account_id: number; role: MemberRole; created: number }): Promise<boolean> {
  const result = await db.insertInto("memberships").values(row).onConflict((oc) => oc.columns(["project_id", "account_id"]).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteMembership(db: Db, projectId: number, accountId: number): Promise<boolean> {
  const result = await db.deleteFrom("memberships").where("project_id", "=", projectId).where("account_id", "=", accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The check with this unique_key in a project the account owns or belongs to (alert links, /cloaked/). */
export async function findAccessibleCheckByUniqueKey(db: Db, accountId: number, uniqueKey: string): Promise<{ uuid: string } | undefined> {
  return db
    .selectFrom("checks")
    .innerJoin("projects", "projects.id", "checks.project_id")
    .select("checks.uuid")
    .where("checks.unique_key", "=", uniqueKey)
    .where((eb) =>
      eb.or([
        eb("projects.owner_id", "=", accountId),
        eb.exists(eb.selectFrom("memberships").select("memberships.role").whereRef("memberships.project_id", "=", "projects.id").where("memberships.account_id", "=", accountId)),
      ]),
    )
    .orderBy("checks.id")
    .limit(1)
    .executeTakeFirst();
}
