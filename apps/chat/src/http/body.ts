// Request bodies the way Django fills request.POST: urlencoded or multipart form fields on
// every method. Other content types (JSON included) contribute no parameters. Uploaded files
// are kept apart, as Django's request.FILES, in req.uploadedFiles.
import type { FastifyInstance, FastifyRequest } from "fastify";
import formbody from "@fastify/formbody";
import multipart, { type MultipartFile } from "@fastify/multipart";

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

async function collectFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  // Read the stream ourselves (not part.toBuffer()), so the file stays out of the form fields;
  // a part over the size limit fails the request through the plugin's own 'limit' handler.
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  (this.uploadedFiles ??= []).push({ fieldName: part.fieldname, fileName: part.filename, mimeType: part.mimetype, data: Buffer.concat(chunks) });
}

export async function installBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 25 * 1024 * 1024 });
  await app.register(multipart, { attachFieldsToBody: "keyValues", onFile: collectFile, limits: { fileSize: 25 * 1024 * 1024 } });
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 25 * 1024 * 1024 }, (_req, _body, done) => done(null, {}));
}
