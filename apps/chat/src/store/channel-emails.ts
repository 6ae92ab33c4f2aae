import type { ChatDb } from "./schema.js";

export async function channelEmailToken(db: ChatDb, streamId: number, creatorId: number, senderId: number): Promise<string | undefined> {
  const row = await db.selectFrom("channel_email_addresses").select("email_token").where("stream_id", "=", streamId).where("creator_id", "=", creatorId).where("sender_id", "=", senderId).executeTakeFirst();
  return row?.email_token;
}

/** Inserts the token unless one exists for the key (a concurrent request's wins); returns the stored one. */
export async function ensureChannelEmailToken(db: ChatDb, row: { realm_id: number; stream_id: number; creator_id: number; sender_id: number; email_token: string; date_created: number }): Promise<string> {
  await db
    .insertInto("channel_email_addresses")
    .values(row)
    .onConflict((oc) => oc.columns(["stream_id", "creator_id", "sender_id"]).doNothing())
    .execute();
  return (await channelEmailToken(db, row.stream_id, row.creator_id, row.sender_id))!;
}
