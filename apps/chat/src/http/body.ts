// Request bodies the way Django fills request.POST: urlencoded or multipart form fields on
// every method. Other content types (JSON included) contribute no parameters.
import type { FastifyInstance } from "fastify";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";

export async function installBodyParsers(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 25 * 1024 * 1024 });
  await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { fileSize: 25 * 1024 * 1024 } });
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 25 * 1024 * 1024 }, (_req, _body, done) => done(null, {}));
}
