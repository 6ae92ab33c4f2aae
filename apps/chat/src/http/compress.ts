// Compression of the web app's API answers (/json): they are made per request, so they are
// compressed per request, off the event loop (zlib's thread pool), at a fast setting; small
// answers go as they are. The app's static files are compressed once instead (static-files.ts).
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { pickEncoding } from "./static-files.js";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Below this, the bytes saved do not pay for the work (and fit one packet anyway).
const MIN_BYTES = 1024;

export function compressResponses(app: FastifyInstance, prefix: string): void {
  // A callback hook, not an async one: the API answers it passes through untouched (every long
  // poll among them) cost no promise.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!req.url.startsWith(prefix) || reply.hasHeader("content-encoding")) return done(null, payload);
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    if (body.length < MIN_BYTES) return done(null, payload);
    reply.header("Vary", "Accept-Encoding");
    const encoding = pickEncoding(req.headers["accept-encoding"], { offered: ["br", "gzip"] });
    if (encoding === "identity") return done(null, payload);
    const compressed = encoding === "br" ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzipAsync(body, { level: 6 });
    compressed.then(
      (out) => {
        reply.header("Content-Encoding", encoding).removeHeader("content-length");
        done(null, out);
      },
      (error: Error) => done(error),
    );
  });
}
