// A project offered by its owner to a team member, and handed over when they accept.
import type { Db } from "../deps.js";

/** Marks the offer on the member's row (one offer at a time); false when they are not a member. */
export async function setTransferOffer(db: Db, projectId: number, accountId: number, now: number): Promise<boolean> {
  await db.updateTable("memberships").set({ transfer_requested: null }).where("project_id", "=", projectId).execute();
  const result = await db.updateTable("memberships").set({ transfer_requested: now }).where("project_id", "=", projectId).where("account_id", "=", accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function clearTransferOffer(db: Db, projectId: number): Promise<void> {
  await db.updateTable("memberships").set({ transfer_requested: null }).where("project_id", "=", projectId).execute();
}

/** The member the project is offered to, if any. */
export async function findTransferTarget(db: Db, projectId: number): Promise<number | null> {
  const row = await db.selectFrom("memberships").select("account_id").where("project_id", "=", projectId).where("transfer_requested", "is not", null).executeTakeFirst();
  return row?.account_id ?? null;
}

/** The new owner leaves the team; the old one joins it as a team member. */
export async function handOver(db: Db, projectId: number, oldOwnerId: number, newOwnerId: number, now: number): Promise<void> {
  await db.deleteFrom("memberships").where("project_id", "=", projectId).where("account_id", "=", newOwnerId).execute();
  await db.updateTable("projects").set({ owner_id: newOwnerId }).where("id", "=", projectId).execute();
  await db.insertInto("memberships").values({ project_id: projectId, account_id: oldOwnerId, role: "rw", created: now, transfer_requested: null }).execute();
}
