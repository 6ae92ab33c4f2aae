import { sql } from "kysely";
import { FLAG_BITS } from "../lib/message-flags.js";
import type { ChatDb } from "./schema.js";

/**
 * Active users who have the message marked read, minus its sender, users who turned
 * send_read_receipts off, and users muted by or muting `viewerId` (Zulip's read_receipts).
 */
export async function readReceiptUserIds(db: ChatDb, messageId: number, senderId: number, viewerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_messages as um")
    .innerJoin("users as u", "u.id", "um.user_id")
    .select("um.user_id")
    .where("um.message_id", "=", messageId)
    .where("u.is_active", "=", 1)
    .where("um.user_id", "<>", senderId)
    .where(sql`(um.flags & ${sql.lit(FLAG_BITS.read)})`, "<>", 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("user_settings as s").select("s.user_id").whereRef("s.user_id", "=", "um.user_id").where("s.name", "=", "send_read_receipts").where("s.value", "=", "false"))),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("muted_users as m1").select("m1.id").where("m1.user_id", "=", viewerId).whereRef("m1.muted_user_id", "=", "um.user_id"))))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("muted_users as m2").select("m2.id").whereRef("m2.user_id", "=", "um.user_id").where("m2.muted_user_id", "=", viewerId))))
    .orderBy("um.user_id")
    .execute();
  return rows.map((r) => r.user_id);
}
