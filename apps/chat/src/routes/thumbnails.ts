// Images in messages, outside /api/v1 as Zulip serves them:
// - /thumbnail?url=…&size=thumbnail|full, the form rendered messages link previews through:
//   an upload is served as its 840×560 thumbnail (or as uploaded, for size=full), an external
//   image is sent to the signed proxy below;
// - /user_uploads/thumbnail/<path id>/<format>, the formats /register advertises;
// - /external_content/<signature>/<hex URL>, the image proxy (Zulip's Camo).
import { readFile } from "node:fs/promises";
import { derivedKey } from "../store/server-secret.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChatDeps } from "../deps.js";
import { authenticateApiOrSession } from "../http/session.js";
import { ZulipError } from "../http/errors.js";
import { camoUrl, verifiedCamoUrl } from "../lib/external-content.js";
import { THUMBNAIL_FORMATS, thumbnailFormat } from "../lib/thumbnails.js";
import { PATH_ID } from "../lib/uploads.js";
import { ExternalFetchError, fetchExternalImage } from "../actions/external-fetch.js";
import { uploadThumbnail } from "../actions/thumbnails.js";
import { canReadAttachment, uploadFile } from "../actions/uploads.js";
import { attachmentByPathId, type Attachment } from "../store/attachments.js";

const fileNotFound = () => new ZulipError("File not found.", { status: 404 });
const PREVIEW = THUMBNAIL_FORMATS.find((f) => !f.animated)!;
const ANIMATED_PREVIEW = THUMBNAIL_FORMATS.find((f) => f.animated)!;

async function accessUpload(req: FastifyRequest, reply: FastifyReply, deps: ChatDeps, pathId: string): Promise<Attachment> {
  // compat: API credentials work on these URLs as well as the web app's session, as on /user_uploads/.
  const { user } = await authenticateApiOrSession(req, reply, deps, null);
  const attachment = PATH_ID.test(pathId) ? await attachmentByPathId(deps.db, pathId) : undefined;
  if (!attachment) throw fileNotFound();
  if (!(await canReadAttachment(deps.db, user, attachment))) throw new ZulipError("You are not authorized to view this file.", { status: 403 });
  return attachment;
}

function sendImage(reply: FastifyReply, data: Buffer, type: string): FastifyReply {
  return reply
    .type(type)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'")
    .header("Cache-Control", "private, max-age=86400")
    .send(data);
}

async function sendOriginal(deps: ChatDeps, reply: FastifyReply, attachment: Attachment): Promise<FastifyReply> {
  const data = await readFile(uploadFile(deps, attachment.path_id)).catch(() => undefined);
  if (!data) throw fileNotFound();
  return sendImage(reply, data, attachment.content_type).header("Content-Disposition", `inline; filename*=UTF-8''${encodeURIComponent(attachment.file_name)}`);
}

export function registerThumbnails(app: FastifyInstance, deps: ChatDeps): void {
  // Without a configured key, one derived from the server's secret in the database: every
  // process serving the site signs alike, so a URL one made opens on another.
  let key = deps.config.camoKey;
  const camoKey = async () => (key ||= await derivedKey(deps.db, "camo"));

  app.get("/thumbnail", async (req, reply) => {
    const { url = "", size = "" } = req.query as Record<string, string | undefined>;
    if (size !== "thumbnail" && size !== "full") return reply.code(403).type("text/html; charset=utf-8").send("<p>Invalid size.</p>");
    const upload = /^\/?user_uploads\/(\d+\/.+)$/.exec(url);
    if (upload) {
      const attachment = await accessUpload(req, reply, deps, upload[1]!);
      if (size === "full") return sendOriginal(deps, reply, attachment);
      // An animated image keeps moving in its preview, as the web app shows it.
      const animated = attachment.content_type === "image/gif" ? ANIMATED_PREVIEW : PREVIEW;
      const data = await uploadThumbnail(deps, attachment, animated);
      return data ? sendImage(reply, data, "image/webp") : sendOriginal(deps, reply, attachment);
    }
    if (/^https?:\/\//i.test(url)) {
      await authenticateApiOrSession(req, reply, deps, null);
      return reply.redirect(camoUrl(await camoKey(), url), 302);
    }
    return reply.code(403).type("text/plain; charset=utf-8").send("Forbidden");
  });

  app.get("/user_uploads/thumbnail/*", async (req, reply) => {
    const rest = (req.params as Record<string, string>)["*"] ?? "";
    const slash = rest.lastIndexOf("/");
    const format = thumbnailFormat(rest.slice(slash + 1));
    const attachment = await accessUpload(req, reply, deps, rest.slice(0, Math.max(slash, 0)));
    if (!format) throw fileNotFound();
    const data = await uploadThumbnail(deps, attachment, format);
    return data ? sendImage(reply, data, "image/webp") : sendOriginal(deps, reply, attachment);
  });

  app.get("/external_content/:signature/:hex", async (req, reply) => {
    const { signature = "", hex = "" } = req.params as Record<string, string>;
    const url = verifiedCamoUrl(await camoKey(), signature.toLowerCase(), hex.toLowerCase());
    if (!url) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    try {
      const image = await fetchExternalImage(deps.config, url);
      return sendImage(reply, image.data, image.contentType).header("Cache-Control", "public, max-age=86400");
    } catch (error) {
      if (!(error instanceof ExternalFetchError) && !(error instanceof Error && "code" in error)) throw error;
      deps.log.info({ url, reason: (error as Error).message }, "external image not proxied");
      return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    }
  });
}
