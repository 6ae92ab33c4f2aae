// Uploaded files (Zulip's Attachment): storing an upload under CHAT_UPLOADS_DIR/files/,
// linking it to the messages that reference it, deleting it, and the attachment events the
// uploader's clients receive.
import { copyFile, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { ChatDeps } from "../deps.js";
import type { ChatDb } from "../store/schema.js";
import { newPathId, newSecret, linkedPathIds } from "../lib/uploads.js";
import { isGuest } from "../lib/roles.js";
import { attachmentMessageIds, attachmentsByPathIds, canSeeLinkingMessage, deleteAttachment, insertAttachment, linkAttachments, realmUploadSpace, type Attachment } from "../store/attachments.js";
import type { User } from "../store/users.js";
import { publish } from "./publish.js";

export const uploadFile = (deps: Pick<ChatDeps, "config">, pathId: string) => join(deps.config.uploadsDir, "files", pathId);

export function presentAttachment(a: Attachment, messageIds: number[]): Record<string, unknown> {
  return { id: a.id, name: a.file_name, path_id: a.path_id, size: Number(a.size), create_time: Math.floor(Number(a.create_time) / 1000), message_ids: messageIds };
}

export async function doUpload(deps: ChatDeps, owner: { id: number; realm_id: number }, file: { fileName: string; mimeType: string; size: number; path: string }): Promise<Attachment> {
  const pathId = newPathId(owner.realm_id, file.fileName);
  const target = uploadFile(deps, pathId);
  await mkdir(dirname(target), { recursive: true });
  // Copied under a temporary name first: a URL never serves half a file. (The request's
  // temporary file may be on another file system than the uploads; it is removed after the response.)
  await copyFile(file.path, `${target}.part`);
  await rename(`${target}.part`, target);
  const row = {
    realm_id: owner.realm_id,
    owner_id: owner.id,
    file_name: file.fileName,
    path_id: pathId,
    content_type: file.mimeType || "application/octet-stream",
    size: file.size,
    create_time: deps.clock.now().getTime(),
    secret: newSecret(),
  };
  let id: number;
  try {
    id = await insertAttachment(deps.db, row);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  const attachment = { ...row, id };
  await notifyAttachment(deps, attachment, "add", []);
  return attachment;
}

export async function doDeleteAttachment(deps: ChatDeps, attachment: Attachment): Promise<void> {
  await deleteAttachment(deps.db, attachment.id);
  await rm(uploadFile(deps, attachment.path_id), { force: true });
  const upload_space_used = await realmUploadSpace(deps.db, attachment.realm_id);
  publish(deps, [{ event: { type: "attachment", op: "remove", attachment: { id: attachment.id }, upload_space_used }, users: [attachment.owner_id] }]);
}

/** validate_attachment_request: the uploader, or someone who can read a message linking it. */
export async function canReadAttachment(db: ChatDb, user: User, attachment: Attachment): Promise<boolean> {
  if (attachment.realm_id !== user.realm_id) return false;
  if (attachment.owner_id === user.id) return true;
  return canSeeLinkingMessage(db, attachment.id, { id: user.id, isGuest: isGuest(user) });
}

/**
 * When a message is sent, in its transaction (`db`): links the realm's uploads its content
 * references, and returns those newly linked, for `notifyClaimed` once it has committed. Only
 * the sender's own uploads and uploads the sender could already see are claimed (Zulip's
 * claim_attachment rule).
 */
export async function claimAttachments(db: ChatDb, sender: User, messageId: number, content: string): Promise<Attachment[]> {
  const paths = linkedPathIds(content);
  if (!paths.length) return [];
  const candidates = await attachmentsByPathIds(db, sender.realm_id, paths);
  const allowed: Attachment[] = [];
  for (const a of candidates) if (await canReadAttachment(db, sender, a)) allowed.push(a);
  const fresh = new Set(await linkAttachments(db, messageId, allowed.map((a) => a.id)));
  return allowed.filter((a) => fresh.has(a.id));
}

/** Tells each uploader of claimed files that their file's message list changed. */
export async function notifyClaimed(deps: ChatDeps, claimed: Attachment[]): Promise<void> {
  if (!claimed.length) return;
  const messages = await attachmentMessageIds(deps.db, claimed.map((a) => a.id));
  for (const a of claimed) await notifyAttachment(deps, a, "update", messages.get(a.id) ?? []);
}

async function notifyAttachment(deps: ChatDeps, a: Attachment, op: "add" | "update", messageIds: number[]): Promise<void> {
  const upload_space_used = await realmUploadSpace(deps.db, a.realm_id);
  publish(deps, [{ event: { type: "attachment", op, attachment: presentAttachment(a, messageIds), upload_space_used }, users: [a.owner_id] }]);
}
