// The one place responses are shaped: {"result":"success","msg":"",...} or
// {"result":"error","msg","code",...data}, plus the fallbacks for unknown URLs and crashes.
import type { FastifyInstance, FastifyReply } from "fastify";
import { storageFault, storageFaultLogger, type Logger, type StorageFault } from "@beacon/platform";
import { ZulipError } from "./errors.js";

export type Payload = Record<string, unknown>;

export function successBody(payload: Payload, ignored: string[] = []): Payload {
  const body: Payload = { result: "success", msg: "", ...payload };
  if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
  return body;
}

/** A value already serialized as JSON (a page's message array), written as is by serializeBody. */
export class JsonText {
  constructor(readonly text: string) {}
  /** Any other serializer still gets the same value. */
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** JSON.stringify(body), with JsonText values written as their text (Fastify reply serializer). */
export function serializeBody(body: Record<string, unknown>): string {
  let out = "";
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (value === undefined) continue;
    out += `${out ? "," : ""}${JSON.stringify(key)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`;
  }
  return `{${out}}`;
}

export function sendError(reply: FastifyReply, error: ZulipError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Fastify drops the content type before an error handler runs, and a route with a reply
  // serializer of its own (GET /events) would then answer without one.
  reply.header("content-type", "application/json; charset=utf-8");
  return reply.code(error.status).send({ result: "error", msg: error.message, code: error.code, ...error.data });
}

/**
 * A fault of the database or its disk, in Zulip's error shape: 503 (507 for a full disk) with
 * Retry-After, the message naming the cause. The code is Zulip's generic BAD_REQUEST, as any
 * JsonableError without a code of its own has; clients tell it apart by the status.
 */
export function storageFaultError(fault: StorageFault): ZulipError {
  return new ZulipError(fault.message, { status: fault.status, headers: { "Retry-After": String(fault.retryAfterSeconds) } });
}

export function installErrorHandling(app: FastifyInstance, log: Logger): void {
  const logFault = storageFaultLogger(log);
  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof ZulipError) return sendError(reply, error);
    const fault = storageFault(error);
    if (fault) {
      logFault(fault, error);
      return sendError(reply, storageFaultError(fault));
    }
    const status = (error as { statusCode?: number }).statusCode;
    // Framework-level refusals (unparsable multipart, body too large…) keep their status.
    if (status && status >= 400 && status < 500) return sendError(reply, new ZulipError(status === 413 ? "Request body too large" : "Malformed payload", { status }));
    log.error({ err: error }, "unhandled error");
    return sendError(reply, new ZulipError("Internal server error", { status: 500 }));
  });
  app.setNotFoundHandler((_req, reply) => sendError(reply, new ZulipError("Not Found", { status: 404 })));
}
