// Request bodies the way Django fills request.POST: urlencoded or multipart form fields on
// every method. Other content types (JSON included) contribute no parameters. Uploaded files
// are kept apart, as Django's request.FILES, in req.uploadedFiles: streamed to a temporary
// file each (never held in memory), removed when the response is sent. Endpoints that need a
// caller authenticate before the body is read (http/endpoint.ts), so an anonymous body is
// never read at all; for the rest, the parts and the whole body are bounded.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import { BadRequestError, ZulipError } from "./errors.js";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  /** the content type the client declared for the part */
  mimeType: string;
  /** bytes */
  size: number;
  /** the temporary file holding the bytes, removed once the response is sent */
  path: string;
  /** the bytes, for a file already checked to be small */
  read(): Promise<Buffer>;
}

declare module "fastify" {
  interface FastifyRequest {
    uploadedFiles?: UploadedFile[];
  }
}

const MAX_BODY = 25 * 1024 * 1024;
/**
 * One file of the largest size and its form fields: a multipart body longer than this is
 * refused (413) before it is read when it says its length, and as soon as it passes it when
 * it is chunked.
 */
export const MAX_MULTIPART_BODY = MAX_BODY + 1024 * 1024;
// Django's DATA_UPLOAD_MAX_NUMBER_FIELDS and DATA_UPLOAD_MAX_NUMBER_FILES.
const MAX_FIELDS = 1000;
const MAX_FILES = 100;
const MAX_FILE_NAME = 255;

/**
 * Django's UploadedFile name: the base name only, cut to 255 characters with its extension
 * kept ("File names longer than 255 characters can cause problems on older OSes").
 */
export function uploadedFileName(name: string): string {
  const base = basename(name.replaceAll("\\", "/"));
  const chars = [...base];
  if (chars.length <= MAX_FILE_NAME) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? [...base.slice(dot)].slice(0, MAX_FILE_NAME) : [];
  return chars.slice(0, MAX_FILE_NAME - ext.length).join("") + ext.join("");
}

const tooLarge = () => new ZulipError("Request body is too large", { status: 413 });

/** Counts the body's bytes as they pass, failing once there are more than the limit. */
function byteBudget(limit: number) {
  let used = 0;
  return {
    spend(bytes: number) {
      used += bytes;
      if (used > limit) throw tooLarge();
    },
  };
}

async function collectFile(req: FastifyRequest, part: MultipartFile, tmpDir: string, budget: ReturnType<typeof byteBudget>): Promise<void> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, randomUUID());
  const file: UploadedFile = { fieldName: part.fieldname, fileName: uploadedFileName(part.filename), mimeType: part.mimetype, size: 0, path, read: () => readFile(path) };
  // Listed before the first byte is written, so the file is removed whatever happens next.
  (req.uploadedFiles ??= []).push(file);
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      file.size += chunk.length;
      try {
        budget.spend(chunk.length);
      } catch (error) {
        return done(error as Error);
      }
      done(null, chunk);
    },
  });
  // A part over the size limit fails the request with the plugin's 413.
  await pipeline(part.file, count, createWriteStream(path));
  if (part.file.truncated) throw Object.assign(new Error("File too large"), { statusCode: 413 });
}

const removeFiles = (req: FastifyRequest) => Promise.all((req.uploadedFiles ?? []).map((f) => rm(f.path, { force: true })));

/** Form fields as Django's QueryDict holds them: a repeated name keeps every value. */
async function readMultipart(req: FastifyRequest, tmpDir: string): Promise<Record<string, string | string[]>> {
  const declared = Number(req.headers["content-length"]);
  if (declared > MAX_MULTIPART_BODY) throw tooLarge();
  const budget = byteBudget(MAX_MULTIPART_BODY);
  const fields: Record<string, string | string[]> = Object.create(null);
  for await (const part of req.parts() as AsyncIterableIterator<Multipart>) {
    if (part.type === "file") {
      await collectFile(req, part, tmpDir, budget);
      continue;
    }
    const value = String(part.value);
    budget.spend(Buffer.byteLength(value));
    const before = fields[part.fieldname];
    fields[part.fieldname] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

export async function installBodyParsers(app: FastifyInstance, options: { tmpDir: string }): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: MAX_BODY });
  await app.register(multipart, { limits: { fileSize: MAX_BODY, fields: MAX_FIELDS, files: MAX_FILES, parts: MAX_FIELDS + MAX_FILES, fieldSize: MAX_BODY } });
  // A callback hook: requests that are not multipart (nearly all, every long poll) cost no promise.
  app.addHook("preValidation", (req, reply, done) => {
    if (!req.isMultipart()) return done();
    // The temporary files go when the response is over or the connection is gone.
    reply.raw.once("close", () => void removeFiles(req));
    readMultipart(req, options.tmpDir).then(
      (fields) => {
        req.body = fields;
        done();
      },
      (error: unknown) => {
        // Again, for a file opened after the connection closed.
        void removeFiles(req);
        // The plugin's own refusals (a file over the limit: 413) carry their status; the parser's
        // (no boundary, a truncated body, a malformed part header) are the client's fault too.
        const refusal = error instanceof ZulipError || (error as { statusCode?: number }).statusCode;
        done(refusal ? (error as Error) : new BadRequestError("Malformed multipart body"));
      },
    );
  });
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_BODY }, (_req, _body, done) => done(null, {}));
}
