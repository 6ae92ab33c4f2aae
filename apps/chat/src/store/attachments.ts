import type { Selectable } from "kysely";
import type { AttachmentTable, ChatDb } from "./schema.js";

export type Attachment = Selectable<AttachmentTable>;

export async function insertAttachment(db: ChatDb, row: Omit<AttachmentTable, "id">): Promise<number> {
  const { id } = await db.insertInto("attachments").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function attachmentByPathId(db: ChatDb, pathId: string): Promise<Attachment | undefined> {
  return db.selectFrom("attachments").selectAll().where("path_id", "=", pathId).executeTakeFirst();
}

export function attachmentById(db: ChatDb, id: number): Promise<Attachment | undefined> {
  return db.selectFrom("attachments").selectAll().where("id", "=", id).executeTakeFirst();
}

export function attachmentsOfOwner(db: ChatDb, ownerId: number): Promise<Attachment[]> {
  return db.selectFrom("attachments").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute();
}

/** Of these path ids, the attachments in the realm. */
export function attachmentsByPathIds(db: ChatDb, realmId: number, pathIds: string[]): Promise<Attachment[]> {
  if (!pathIds.length) return Promise.resolve([]);
  return db.selectFrom("attachments").selectAll().where("realm_id", "=", realmId).where("path_id", "in", pathIds).execute();
}

/** Message ids linking each attachment, ascending. */
export async function attachmentMessageIds(db: ChatDb, attachmentIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(attachmentIds.map((id) => [id, []]));
  if (!attachmentIds.length) return out;
  const rows = await db.selectFrom("attachment_messages").select(["attachment_id", "message_id"]).where("attachment_id", "in", attachmentIds).orderBy("message_id").execute();
  for (const r of rows) out.get(r.attachment_id)!.push(r.message_id);
  return out;
}

/** Links the attachments to the message; returns the ids that were not linked before. */
export async function linkAttachments(db: ChatDb, messageId: number, attachmentIds: number[]): Promise<number[]> {
  if (!attachmentIds.length) return [];
  const existing = await db.selectFrom("attachment_messages").select("attachment_id").where("message_id", "=", messageId).where("attachment_id", "in", attachmentIds).execute();
  const have = new Set(existing.map((r) => r.attachment_id));
  const fresh = attachmentIds.filter((id) => !have.has(id));
  if (fresh.length) await db.insertInto("attachment_messages").values(fresh.map((attachment_id) => ({ attachment_id, message_id: messageId }))).execute();
  return fresh;
}

export async function deleteAttachment(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("attachment_messages").where("attachment_id", "=", id).execute();
  await db.deleteFrom("attachments").where("id", "=", id).execute();
}

/** upload_space_used: the bytes of every file uploaded in the realm. */
export async function realmUploadSpace(db: ChatDb, realmId: number): Promise<number> {
  const row = await db.selectFrom("attachments").select((eb) => eb.fn.sum<number | string | null>("size").as("total")).where("realm_id", "=", realmId).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Whether the user may read a message linking the attachment: they received it (a
 * user_messages row), or it is in a channel whose history they can read (a public channel for
 * a non-guest; a channel with shared history they are subscribed to).
 */
export async function canSeeLinkingMessage(db: ChatDb, attachmentId: number, user: { id: number; isGuest: boolean }): Promise<boolean> {
  const received = await db
    .selectFrom("attachment_messages as am")
    .innerJoin("user_messages as um", "um.message_id", "am.message_id")
    .select("am.message_id")
    .where("am.attachment_id", "=", attachmentId)
    .where("um.user_id", "=", user.id)
    .limit(1)
    .executeTakeFirst();
  if (received) return true;
  const viaChannel = await db
    .selectFrom("attachment_messages as am")
    .innerJoin("messages as m", "m.id", "am.message_id")
    .innerJoin("streams as s", "s.id", "m.stream_id")
    .leftJoin("subscriptions as sub", (join) => join.onRef("sub.stream_id", "=", "s.id").on("sub.user_id", "=", user.id).on("sub.active", "=", 1))
    .select("m.id")
    .where("am.attachment_id", "=", attachmentId)
    .where((eb) =>
      eb.or([
        ...(user.isGuest ? [] : [eb("s.invite_only", "=", 0)]),
        eb.and([eb("s.history_public_to_subscribers", "=", 1), eb("sub.user_id", "is not", null)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return viaChannel !== undefined;
}

