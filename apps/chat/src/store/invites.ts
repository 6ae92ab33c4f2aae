import type { Selectable, Updateable } from "kysely";
import type { ChatDb, InviteTable } from "./schema.js";

export type Invite = Selectable<InviteTable>;

export async function insertInvite(db: ChatDb, row: Omit<InviteTable, "id">): Promise<number> {
  const { id } = await db.insertInto("invites").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function inviteInRealm(db: ChatDb, realmId: number, id: number, multiuse: boolean): Promise<Invite | undefined> {
  return db.selectFrom("invites").selectAll().where("realm_id", "=", realmId).where("id", "=", id).where("is_multiuse", "=", multiuse ? 1 : 0).executeTakeFirst();
}

export function inviteByKey(db: ChatDb, realmId: number, key: string): Promise<Invite | undefined> {
  return db.selectFrom("invites").selectAll().where("realm_id", "=", realmId).where("confirmation_key", "=", key).executeTakeFirst();
}

/** The invitation a key names in any realm (an e-mailed link names its realm by the key alone). */
export function inviteByKeyAnywhere(db: ChatDb, key: string): Promise<Invite | undefined> {
  return db.selectFrom("invites").selectAll().where("confirmation_key", "=", key).executeTakeFirst();
}

/** Active, unexpired invitations, optionally only one inviter's. */
export function pendingInvites(db: ChatDb, realmId: number, now: number, invitedBy?: number): Promise<Invite[]> {
  let q = db
    .selectFrom("invites")
    .selectAll()
    .where("realm_id", "=", realmId)
    .where("status", "=", 0)
    .where((eb) => eb.or([eb("expiry", "is", null), eb("expiry", ">", now)]));
  if (invitedBy !== undefined) q = q.where("invited_by_user_id", "=", invitedBy);
  return q.orderBy("id").execute();
}

export async function updateInvite(db: ChatDb, id: number, changes: Updateable<InviteTable>): Promise<void> {
  await db.updateTable("invites").set(changes).where("id", "=", id).execute();
}

export async function deleteInvite(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("invites").where("id", "=", id).execute();
}

/** Marks one active invitation used; false when another sign-up claimed (or revoked) it first. */
export async function claimInvite(db: ChatDb, id: number, from: number, to: number): Promise<boolean> {
  const result = await db.updateTable("invites").set({ status: to }).where("id", "=", id).where("status", "=", from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Revokes the other pending e-mail invitations to an address once it has an account (Zulip
 * marks those PreregistrationUsers revoked). Returns their inviters.
 */
export async function revokeEmailInvitesTo(db: ChatDb, realmId: number, email: string, status: number, exceptId: number | null): Promise<number[]> {
  const rows = await db.selectFrom("invites").select(["id", "email", "invited_by_user_id"]).where("realm_id", "=", realmId).where("is_multiuse", "=", 0).where("status", "=", 0).execute();
  const hits = rows.filter((r) => r.id !== exceptId && r.email?.toLowerCase() === email.toLowerCase());
  if (hits.length) await db.updateTable("invites").set({ status }).where("id", "in", hits.map((r) => r.id)).execute();
  return [...new Set(hits.map((r) => r.invited_by_user_id))];
}
