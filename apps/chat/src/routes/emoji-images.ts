// Unicode emoji images at the paths Zulip serves them from, so every client that builds an
// emoji URL the way Zulip's do (the web app's reactions and picker, notification emails,
// third-party clients) finds a picture:
//   /static/generated/emoji/images-<emojiset>-64/<emoji code>.png   (google, google-blob, twitter)
//   /static/generated/emoji/images/emoji/unicode/<emoji code>.png    (the older farm)
//   /static/generated/emoji/images/emoji/<emoji name>.png            (the older farm, by name)
// and zulip.png in each, the :zulip: emoji the renderer links to.
//
// The pictures are Twemoji (@discordapp/twemoji: code MIT, graphics CC-BY 4.0), one set behind
// every emojiset name. They are SVG: 1.8 MB of package for the whole set instead of 74 MB of
// PNG sheets, and sharp at any size; every browser goes by the Content-Type, not the ".png".
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { emojiCodepoint } from "../markdown/emoji.js";

const PREFIX = "/static/generated/emoji";
const EMOJISETS = new Set(["google", "google-blob", "twitter"]);
const ZULIP_EMOJI = new URL("./assets/zulip-emoji.svg", import.meta.url);
// A week: the URLs carry no version, and a new package release may redraw an emoji.
const CACHE_CONTROL = "public, max-age=604800";

/**
 * The key an emoji code is looked up by. Zulip's codes drop U+FE0F and pad each part to four
 * hex digits ("0023-20e3"); Twemoji's file names keep some FE0Fs and no padding ("23-20e3").
 */
export function emojiImageKey(code: string): string {
  return code
    .toLowerCase()
    .split("-")
    .filter((part) => part !== "fe0f")
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .join("-");
}

interface EmojiImage {
  path: string;
  etag: string;
  /** Filled on first use: the file and each compressed form asked for. */
  bodies: Partial<Record<Encoding, Buffer>>;
}

type Encoding = "identity" | "gzip" | "br";

function twemojiDirectory(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve("@discordapp/twemoji/package.json");
  const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  return { dir: join(dirname(packageJson), "dist", "svg"), version };
}

function indexImages(): { byKey: Map<string, EmojiImage>; zulip: EmojiImage } {
  const { dir, version } = twemojiDirectory();
  const byKey = new Map<string, EmojiImage>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".svg")) continue;
    const key = emojiImageKey(file.slice(0, -4));
    // The first spelling wins when two file names normalise alike (they are the same picture).
    if (!byKey.has(key)) byKey.set(key, { path: join(dir, file), etag: `"tw${version}-${key}"`, bodies: {} });
  }
  const zulipPath = ZULIP_EMOJI.pathname;
  const zulipEtag = `"z-${createHash("sha256").update(readFileSync(zulipPath)).digest("hex").slice(0, 16)}"`;
  return { byKey, zulip: { path: zulipPath, etag: zulipEtag, bodies: {} } };
}

function body(image: EmojiImage, encoding: Encoding): Buffer {
  let data = image.bodies[encoding];
  if (!data) {
    const raw = image.bodies.identity ?? readFileSync(image.path);
    image.bodies.identity = raw;
    data = encoding === "br" ? brotliCompressSync(raw) : encoding === "gzip" ? gzipSync(raw, { level: 9 }) : raw;
    image.bodies[encoding] = data;
  }
  return data;
}

function sendImage(req: FastifyRequest, reply: FastifyReply, image: EmojiImage | undefined): FastifyReply {
  if (!image) return reply.code(404).type("text/plain; charset=utf-8").send("File not found");
  reply
    .header("Cache-Control", CACHE_CONTROL)
    .header("ETag", image.etag)
    .header("Vary", "Accept-Encoding")
    .header("X-Content-Type-Options", "nosniff")
    // Opened on its own, an SVG is a document: it may not run or load anything.
    .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
  if (req.headers["if-none-match"] === image.etag) return reply.code(304).send();
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const encoding: Encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : "identity";
  reply.type("image/svg+xml");
  if (encoding !== "identity") reply.header("Content-Encoding", encoding);
  return reply.send(body(image, encoding));
}

/** "1f600.png" → the image of that code ("zulip.png" → the :zulip: emoji). */
function byFileName(images: ReturnType<typeof indexImages>, file: string, byName: boolean): EmojiImage | undefined {
  if (!file.endsWith(".png")) return undefined;
  const stem = file.slice(0, -4);
  if (stem === "zulip") return images.zulip;
  const code = byName ? emojiCodepoint(stem) : /^[0-9a-fA-F]{1,6}(-[0-9a-fA-F]{1,6})*$/.test(stem) ? stem : undefined;
  return code === undefined ? undefined : images.byKey.get(emojiImageKey(code));
}

export function registerEmojiImages(app: FastifyInstance): void {
  const images = indexImages();
  app.get(`${PREFIX}/:farm/:file`, async (req, reply) => {
    const { farm, file } = req.params as { farm: string; file: string };
    const set = /^images-(.+)-64$/.exec(farm)?.[1];
    return sendImage(req, reply, set && EMOJISETS.has(set) ? byFileName(images, file, false) : undefined);
  });
  app.get(`${PREFIX}/images/emoji/unicode/:file`, async (req, reply) => {
    return sendImage(req, reply, byFileName(images, (req.params as { file: string }).file, false));
  });
  app.get(`${PREFIX}/images/emoji/:file`, async (req, reply) => {
    return sendImage(req, reply, byFileName(images, (req.params as { file: string }).file, true));
  });
}
