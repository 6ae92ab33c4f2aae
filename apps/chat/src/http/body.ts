// Request bodies the way Django fills request.POST: urlencoded or multipart form fields on
// every method. Other content types (JSON included) contribute no parameters. Uploaded files
// are kept apart, as Django's request.FILES, in req.uploadedFiles.
import { basename } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart, { type Multipart, type MultipartFile } from "@fastify/multipart";
import { BadRequestError } from "./errors.js";

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  /** the content type the client declared for the part */
  mimeType: string;
  data: Buffer;
}

declare module "fastify" {
  interface FastifyRequest {
    uploadedFiles?: UploadedFile[];
  }
}

const MAX_BODY = 25 * 1024 * 1024;
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

async function collectFile(req: FastifyRequest, part: MultipartFile): Promise<void> {
  // Read the stream ourselves (not part.toBuffer()), so the file stays out of the form fields;
  // a part over the size limit fails the request with the plugin's 413.
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  (req.uploadedFiles ??= []).push({ fieldName: part.fieldname, fileName: uploadedFileName(part.filename), mimeType: part.mimetype, data: Buffer.concat(chunks) });
}

/** Form fields as Django's QueryDict holds them: a repeated name keeps every value. */
async function readMultipart(req: FastifyRequest): Promise<Record<string, string | string[]>> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for await (const part of req.parts() as AsyncIterableIterator<Multipart>) {
    if (part.type === "file") {
      await collectFile(req, part);
      continue;
    }
    const value = String(part.value);
    const before = fields[part.fieldname];
    fields[part.fieldname] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return fields;
}

export async function installBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: MAX_BODY });
  await app.register(multipart, { limits: { fileSize: MAX_BODY } });
  // A callback hook: requests that are not multipart (nearly all, every long poll) cost no promise.
  app.addHook("preValidation", (req, _reply, done) => {
    if (!req.isMultipart()) return done();
    readMultipart(req).then(
      (fields) => {
        req.body = fields;
        done();
      },
      (error: unknown) => {
        // The plugin's own refusals (a file over the limit: 413) carry their status; the parser's
        // (no boundary, a truncated body, a malformed part header) are the client's fault too.
        done((error as { statusCode?: number }).statusCode ? (error as Error) : new BadRequestError("Malformed multipart body"));
      },
    );
  });
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_BODY }, (_req, _body, done) => done(null, {}));
}
