// Files of a build directory served over HTTP, each compressed once (brotli and gzip, at their
// strongest) when first asked for and kept in memory with its ETag, so a request only stats the
// file and picks a variant. A file that changes on disk (a rebuild) is read again.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};
// Images and fonts other than these are compressed formats already.
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".map", ".webmanifest", ".txt", ".svg", ".ico", ".ttf", ".wasm"]);

export interface StaticFile {
  type: string;
  /** the bytes under each Content-Encoding worth sending; "identity" always present */
  variants: Map<"br" | "gzip" | "identity", { body: Buffer; etag: string }>;
}

interface Cached {
  mtimeMs: number;
  size: number;
  file: Promise<StaticFile>;
}

/** A path below the root made only of ordinary names: no dot segments, no hidden files. */
function safeRelative(path: string): string | undefined {
  const segments = path.split("/");
  const ok = segments.every((s) => s !== "" && !s.startsWith(".") && !/[\\\0]/.test(s));
  return ok ? segments.join(sep) : undefined;
}

const etagOf = (body: Buffer, suffix: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}${suffix}"`;

async function load(path: string): Promise<StaticFile> {
  const body = await readFile(path);
  const ext = extname(path).toLowerCase();
  const variants: StaticFile["variants"] = new Map([["identity", { body, etag: etagOf(body, "") }]]);
  if (COMPRESSIBLE.has(ext) && body.length > 0) {
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant is kept only when it saves bytes; the suffix keeps each ETag per encoding.
    if (br.length < body.length) variants.set("br", { body: br, etag: etagOf(body, "-br") });
    if (gz.length < body.length) variants.set("gzip", { body: gz, etag: etagOf(body, "-gz") });
  }
  return { type: TYPES[ext] ?? "application/octet-stream", variants };
}

export class StaticFiles {
  private readonly cache = new Map<string, Cached>();

  constructor(readonly root: string) {}

  /** The file at `path` (relative, "/"-separated), or undefined when there is none. */
  async get(path: string): Promise<StaticFile | undefined> {
    const relative = safeRelative(path);
    if (relative === undefined) return undefined;
    const full = join(this.root, relative);
    const info = await stat(full).catch(() => undefined);
    if (!info?.isFile()) {
      this.cache.delete(full);
      return undefined;
    }
    const cached = this.cache.get(full);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.file;
    const file = load(full);
    this.cache.set(full, { mtimeMs: info.mtimeMs, size: info.size, file });
    file.catch(() => this.cache.delete(full));
    return file;
  }
}

/** The encoding to send among those offered: brotli, then gzip, when the client accepts it (q > 0). */
export function pickEncoding(acceptEncoding: string | undefined, offer: { offered: ("br" | "gzip")[] }): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  for (const encoding of ["br", "gzip"] as const) if (offer.offered.includes(encoding) && wants(encoding)) return encoding;
  return "identity";
}

/** Sends the file (or 304 when the client's copy is current) with the given Cache-Control. */
export function sendStatic(req: FastifyRequest, reply: FastifyReply, file: StaticFile, cacheControl: string): FastifyReply {
  const encoding = pickEncoding(req.headers["accept-encoding"], { offered: [...file.variants.keys()].filter((e) => e !== "identity") as ("br" | "gzip")[] });
  const variant = file.variants.get(encoding)!;
  reply.header("Cache-Control", cacheControl).header("ETag", variant.etag).header("Content-Type", file.type);
  if (file.variants.size > 1) reply.header("Vary", "Accept-Encoding");
  const match = req.headers["if-none-match"];
  if (match !== undefined && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === variant.etag)) return reply.code(304).send();
  if (encoding !== "identity") reply.header("Content-Encoding", encoding);
  return reply.header("Content-Length", String(variant.body.length)).send(variant.body);
}
