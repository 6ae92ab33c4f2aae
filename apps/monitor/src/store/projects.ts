import type { Db } from "../deps.js";
import type { Account, Project } from "./schema.js";

export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function insertAccount(db: Db, row: Omit<Account, "id">): Promise<Account> {
  return db.insertInto("accounts").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertProject(db: Db, row: Omit<Project, "id">): Promise<Project> {
  return db.insertInto("projects").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function countProjectsOfOwner(db: Db, ownerId: number): Promise<number> {
  const row = await db.selectFrom("projects").select((eb) => eb.fn.countAll<number>().as("n")).where("owner_id", "=", ownerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findProjectByUuid(db: Db, uuid: string): Promise<Project | undefined> {
  return db.selectFrom("projects").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

export async function findProjectByKeyHash(db: Db, hash: string, column: "api_key_hash" | "api_key_readonly_hash"): Promise<Project | undefined> {
  return db.selectFrom("projects").selectAll().where(column, "=", hash).executeTakeFirst();
}

export async function findProjectByPingKey(db: Db, pingKey: string): Promise<Project | undefined> {
  return db.selectFrom("projects").selectAll().where("ping_key", "=", pingKey).executeTakeFirst();
}

export async function findProjectByBadgeKey(db: Db, badgeKey: string): Promise<Project | undefined> {
  return db.selectFrom("projects").selectAll().where("badge_key", "=", badgeKey).executeTakeFirst();
}

export async function findOwner(db: Db, project: Project): Promise<Account> {
  return db.selectFrom("accounts").selectAll().where("id", "=", project.owner_id).executeTakeFirstOrThrow();
}

/** Checks across every project of one owner: the check limit counts them all. */
export async function countChecksOfOwner(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom("checks")
    .innerJoin("projects", "projects.id", "checks.project_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("projects.owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The oldest project: under `beacon serve`, the demo project. */
export async function firstProject(db: Db): Promise<Project | undefined> {
  return db.selectFrom("projects").selectAll().orderBy("id").limit(1).executeTakeFirst();
}
