// File uploads: POST /user_uploads, GET /user_uploads/{realm_id_str}/{filename} (a temporary
// URL), GET /thumbnail/status/{realm_id_str}/{filename}, GET /attachments,
// DELETE /attachments/{id}; and, outside /api/v1, the files themselves:
// /user_uploads/<path id> for authenticated users who may see them, and
// /user_uploads/temporary/<token>/<name> for anyone holding a fresh signed URL.
import { readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ChatDeps } from "../deps.js";
import { ACCESS_DENIED, handler, raising, RESOURCE_NOT_FOUND } from "../http/endpoint.js";
import { authenticateApiOrSession } from "../http/session.js";
import { BadRequestError, ZulipError } from "../http/errors.js";
import { MAX_FILE_UPLOAD_SIZE_MIB, PATH_ID, TEMPORARY_URL_SECONDS, readToken, temporaryToken, tokenSignatureValid } from "../lib/uploads.js";
import { uploadThumbnail } from "../actions/thumbnails.js";
import { THUMBNAIL_FORMATS } from "../lib/thumbnails.js";
import { canReadAttachment, doDeleteAttachment, doUpload, presentAttachment, uploadFile } from "../actions/uploads.js";
import { attachmentById, attachmentByPathId, attachmentMessageIds, attachmentsOfOwner, realmUploadSpace, type Attachment } from "../store/attachments.js";
import type { User } from "../store/users.js";
import { pathId } from "./access.js";

const fileNotFound = () => new ZulipError("File not found.", { status: 404 });

async function accessUpload(deps: ChatDeps, user: User, path: string): Promise<Attachment> {
  const attachment = PATH_ID.test(path) ? await attachmentByPathId(deps.db, path) : undefined;
  if (!attachment) throw fileNotFound();
  if (!(await canReadAttachment(deps.db, user, attachment))) throw new ZulipError("You are not authorized to view this file.", { status: 403 });
  return attachment;
}

async function sendFile(deps: ChatDeps, reply: FastifyReply, attachment: Attachment): Promise<FastifyReply> {
  const data = await readFile(uploadFile(deps, attachment.path_id)).catch(() => undefined);
  if (!data) throw fileNotFound();
  const inline = /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm)|audio\/|application\/pdf$|text\/plain)/.test(attachment.content_type);
  const name = encodeURIComponent(attachment.file_name);
  return reply
    .type(attachment.content_type)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'")
    .header("Content-Disposition", `${inline ? "inline" : "attachment"}; filename*=UTF-8''${name}`)
    .header("Cache-Control", "private, max-age=86400")
    .send(data);
}

// The file comes as an uploaded file (Django's request.FILES), whatever its field's name.
export const uploadUserFile = handler({}, async ({ deps, req, params, user }) => {
  const files = req.uploadedFiles ?? [];
  if (files.length === 0) throw new BadRequestError("You must specify a file to upload");
  if (files.length !== 1) throw new BadRequestError("You may only upload one file at a time");
  const [file] = files;
  params.accept(file!.fieldName);
  if (file!.size > MAX_FILE_UPLOAD_SIZE_MIB * 1024 * 1024) throw new BadRequestError(`Uploaded file is larger than the allowed limit of ${MAX_FILE_UPLOAD_SIZE_MIB} MiB`);
  const attachment = await doUpload(deps, user, file!);
  const url = `/user_uploads/${attachment.path_id}`;
  return { uri: url, url, filename: attachment.file_name };
});

export const temporaryUploadUrl = raising([ACCESS_DENIED, RESOURCE_NOT_FOUND], handler({}, async ({ deps, path, user }) => {
  const attachment = await accessUpload(deps, user, `${path.realm_id_str}/${path["*"] ?? ""}`);
  const token = temporaryToken(attachment.id, attachment.secret, deps.clock.now().getTime() + TEMPORARY_URL_SECONDS * 1000);
  const name = attachment.path_id.slice(attachment.path_id.lastIndexOf("/") + 1);
  return { url: `/user_uploads/temporary/${token}/${name}` };
}));

// Zulip makes thumbnails in a worker and clients poll this until one exists; here the first
// request for a thumbnail makes it, so the poll makes it and answers whether it could.
export const thumbnailStatus = raising([ACCESS_DENIED, RESOURCE_NOT_FOUND], handler({}, async ({ deps, path, user }) => {
  const attachment = await accessUpload(deps, user, `${path.realm_id_str}/${path["*"] ?? ""}`);
  const preview = THUMBNAIL_FORMATS.find((f) => !f.animated)!;
  return { has_thumbnail: (await uploadThumbnail(deps, attachment, preview)) !== undefined };
}));

export const listAttachments = handler({}, async ({ deps, user, realm }) => {
  const own = await attachmentsOfOwner(deps.db, user.id);
  const messages = await attachmentMessageIds(deps.db, own.map((a) => a.id));
  return { attachments: own.map((a) => presentAttachment(a, messages.get(a.id) ?? [])), upload_space_used: await realmUploadSpace(deps.db, realm.id) };
});

export const deleteAttachment = handler({}, async ({ deps, path, user }) => {
  const id = pathId(path.attachment_id);
  const attachment = id === undefined ? undefined : await attachmentById(deps.db, id);
  if (!attachment || attachment.owner_id !== user.id) throw new BadRequestError("Invalid attachment");
  await doDeleteAttachment(deps, attachment);
  return {};
});

/** The files, outside /api/v1 (as Zulip serves them). */
export function registerUploadFiles(app: FastifyInstance, deps: ChatDeps): void {
  app.get("/user_uploads/temporary/:token/:filename", async (req, reply) => {
    const { token } = req.params as Record<string, string>;
    const claim = readToken(token ?? "");
    const attachment = claim ? await attachmentById(deps.db, claim.attachmentId) : undefined;
    if (!claim || !attachment || !tokenSignatureValid(attachment.secret, claim.payload, claim.signature) || claim.expiresAt < deps.clock.now().getTime()) {
      throw new ZulipError("Invalid or expired token", { status: 404 });
    }
    return sendFile(deps, reply, attachment);
  });

  app.get("/user_uploads/:realm_id_str/*", async (req, reply) => {
    const params = req.params as Record<string, string>;
    // compat: Zulip accepts API credentials on these URLs as well as the web app's session.
    const { user } = await authenticateApiOrSession(req, reply, deps, null);
    return sendFile(deps, reply, await accessUpload(deps, user, `${params.realm_id_str}/${params["*"] ?? ""}`));
  });
}
