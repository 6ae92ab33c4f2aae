// Thumbnails of uploaded images, made on first request with sharp and kept on disk beside the
// uploads (CHAT_UPLOADS_DIR/thumbnails/<path id>/<format>), so each is made once. Requests
// for the same thumbnail at the same time share one resize.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { ChatDeps } from "../deps.js";
import { ImageError, thumbnail } from "../lib/images.js";
import type { ThumbnailFormat } from "../lib/thumbnails.js";
import type { Attachment } from "../store/attachments.js";
import { uploadFile } from "./uploads.js";

/** Types Zulip thumbnails (THUMBNAIL_ACCEPT_IMAGE_TYPES). */
const THUMBNAILED_TYPES = ["image/avif", "image/gif", "image/heic", "image/jpeg", "image/png", "image/tiff", "image/webp"];

const making = new Map<string, Promise<Buffer | undefined>>();

/** The thumbnail in `format`, or undefined when the upload is no image sharp can read. */
export function uploadThumbnail(deps: ChatDeps, attachment: Attachment, format: ThumbnailFormat): Promise<Buffer | undefined> {
  if (!THUMBNAILED_TYPES.includes(attachment.content_type.toLowerCase())) return Promise.resolve(undefined);
  const file = join(deps.config.uploadsDir, "thumbnails", attachment.path_id, format.name);
  const pending = making.get(file);
  if (pending) return pending;
  const work = (async () => {
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return cached;
    const original = await readFile(uploadFile(deps, attachment.path_id)).catch(() => undefined);
    if (!original) return undefined;
    let data: Buffer;
    try {
      data = await thumbnail(original, format);
    } catch (error) {
      if (error instanceof ImageError) return undefined;
      throw error;
    }
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${randomBytes(4).toString("hex")}.part`;
    await writeFile(partial, data);
    await rename(partial, file);
    return data;
  })().finally(() => making.delete(file));
  making.set(file, work);
  return work;
}
