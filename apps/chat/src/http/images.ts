// Stored images (custom emoji, uploaded avatars) as /user_avatars serves them: the type read
// from the bytes, cached for good (a new image always gets a new file name), never sniffed.
import type { FastifyReply } from "fastify";
import { FORMAT_CONTENT_TYPES, sniffImage } from "../lib/emoji-images.js";

export function sendStoredImage(reply: FastifyReply, data: Buffer | undefined): FastifyReply {
  if (!data) return reply.code(404).type("text/plain; charset=utf-8").send("File not found");
  const format = sniffImage(data);
  return reply
    .type(format ? FORMAT_CONTENT_TYPES[format] : "application/octet-stream")
    .header("Cache-Control", "public, max-age=31536000, immutable")
    .header("X-Content-Type-Options", "nosniff")
    .send(data);
}
