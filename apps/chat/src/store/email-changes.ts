// Pending e-mail address changes (PATCH /settings email), found by their key's hash.
import type { Insertable, Selectable } from "kysely";
import { EMAIL_CHANGE_PENDING, EMAIL_CHANGE_REPLACED, type EmailChangeTable } from "./schema.js";
import type { ChatDb } from "./schema.js";

export type EmailChange = Selectable<EmailChangeTable>;

/** Records a request; earlier pending requests of the user stop working, as in Zulip. */
export async function insertEmailChange(db: ChatDb, row: Omit<Insertable<EmailChangeTable>, "status">): Promise<void> {
  await db.updateTable("email_changes").set({ status: EMAIL_CHANGE_REPLACED }).where("user_id", "=", row.user_id).where("status", "=", EMAIL_CHANGE_PENDING).execute();
  await db.insertInto("email_changes").values({ ...row, status: EMAIL_CHANGE_PENDING }).execute();
}

export function emailChangeByKeyHash(db: ChatDb, keyHash: string): Promise<EmailChange | undefined> {
  return db.selectFrom("email_changes").selectAll().where("key_hash", "=", keyHash).executeTakeFirst();
}

/** Marks a pending request used; false when another confirmation got there first. */
export async function claimEmailChange(db: ChatDb, id: number, status: number): Promise<boolean> {
  const result = await db.updateTable("email_changes").set({ status }).where("id", "=", id).where("status", "=", EMAIL_CHANGE_PENDING).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
