// The emoji data file /register names as server_emoji_data_url: which names each Unicode emoji
// code has on this server, the canonical name first ({"code_to_names": {...}}). Public, like
// Zulip's static file, with a validator so clients refetch it only when it changed.
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { EMOJI_DATA_PATH, emojiCodeToNames } from "../markdown/emoji.js";

export function registerEmojiData(app: FastifyInstance): void {
  const body = JSON.stringify({ code_to_names: emojiCodeToNames() });
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
  app.get(EMOJI_DATA_PATH, async (req, reply) => {
    reply.header("etag", etag).header("cache-control", "public, max-age=3600");
    if (req.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("application/json").send(body);
  });
}
