// What the message retention policy reads: each realm's policy, each channel's own, and the
// oldest messages past a cutoff, in batches (oldest first, so a batch cut short by a
// failure leaves the older part done).
import type { ChatDb } from "./schema.js";

export interface RetentionPolicies {
  realmId: number;
  /** the realm's policy in days; null or -1: kept forever */
  realmDays: number | null;
  /** every channel of the realm with its own policy: null inherits the realm's, -1 is forever */
  channels: { id: number; days: number | null }[];
}

/** Every realm with the policies of its channels. */
export async function retentionPolicies(db: ChatDb): Promise<RetentionPolicies[]> {
  const realms = await db.selectFrom("realms").select(["id", "message_retention_days"]).orderBy("id").execute();
  const streams = await db.selectFrom("streams").select(["id", "realm_id", "message_retention_days"]).orderBy("id").execute();
  return realms.map((realm) => ({
    realmId: realm.id,
    realmDays: realm.message_retention_days,
    channels: streams.filter((s) => s.realm_id === realm.id).map((s) => ({ id: s.id, days: s.message_retention_days })),
  }));
}

/** A message past its policy: enough to tell its audience what went. */
export interface ExpiredMessage {
  id: number;
  recipient_id: number;
  topic: string;
}

/** The oldest messages of a channel sent before `before` (ms), at most `limit`. */
export function expiredChannelMessages(db: ChatDb, streamId: number, before: number, limit: number): Promise<ExpiredMessage[]> {
  return db.selectFrom("messages").select(["id", "recipient_id", "topic"]).where("stream_id", "=", streamId).where("date_sent", "<", before).orderBy("id").limit(limit).execute();
}

/** The oldest direct messages of a realm sent before `before` (ms), at most `limit`. */
export function expiredDirectMessages(db: ChatDb, realmId: number, before: number, limit: number): Promise<ExpiredMessage[]> {
  return db
    .selectFrom("messages")
    .select(["id", "recipient_id", "topic"])
    .where("realm_id", "=", realmId)
    .where("stream_id", "is", null)
    .where("date_sent", "<", before)
    .orderBy("date_sent")
    .limit(limit)
    .execute();
}
