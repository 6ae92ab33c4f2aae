// Fastify settings shared by both servers. Protocol details (envelopes, errors, parsers)
// belong to each app; this only builds the instance and runs it.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "./log.js";
import { checkingInterval, requestTimeout, type ConnectionLimits } from "./connections.js";

/** Answers a request before Fastify routes it, or returns false to leave it to Fastify. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The URL of a GET without a body under `prefix`, or undefined: the requests a fast path may
 * answer (a request with a body is left to Fastify, which reads and limits it).
 */
export function bodilessGet(req: IncomingMessage, prefix: string): string | undefined {
  const url = req.url;
  if (req.method !== "GET" || url === undefined || !url.startsWith(prefix)) return undefined;
  return req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined ? url : undefined;
}

/** Node's HTTP server as Fastify makes it (lib/server.js), with `fastPath` asked first. */
function serverWithFastPath(fastPath: FastPath) {
  return (handler: RequestListener, options: FastifyServerOptions) => {
    const server = createServer((options as { http?: object }).http ?? {}, (req, res) => {
      if (!fastPath(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** Fastify's and Node's options for the limits (connections.ts). */
function connectionOptions(limits: ConnectionLimits | undefined): FastifyServerOptions {
  if (!limits) return {};
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: requestTimeout(limits),
    http: { headersTimeout: limits.headersTimeoutMs, requestTimeout: requestTimeout(limits), connectionsCheckingInterval: checkingInterval(limits) },
  } as FastifyServerOptions;
}

/** A route as it was registered: one method, the full URL in Fastify's notation. */
export interface ServedRoute {
  method: string;
  url: string;
}

const servedByApp = new WeakMap<FastifyInstance, ServedRoute[]>();

/**
 * Every route registered on an app that createHttpServer built, in registration order. Fastify
 * keeps no public list, and its printRoutes() tree is lossy: it drops the path before a
 * wildcard (`/a/:b/*` prints as `*` under `/a`) and merges parameters of different names at
 * one place (`:user_id|:user`), so the list is recorded as routes are added.
 */
export function servedRoutes(app: FastifyInstance): readonly ServedRoute[] {
  const routes = servedByApp.get(app);
  if (!routes) throw new Error("servedRoutes: the app was not built by createHttpServer");
  return routes;
}

export function createHttpServer(options: FastifyServerOptions & { logger?: never; log?: Logger; fastPath?: FastPath; limits?: ConnectionLimits } = {}): FastifyInstance {
  const { log, fastPath, limits, ...rest } = options;
  const app = Fastify({
    ...(fastPath ? { serverFactory: serverWithFastPath(fastPath) } : {}),
    loggerInstance: log,
    // One log line per request would cost more than a ping itself; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify binds a child logger to every request's id; with request logging off, nothing
    // logs through it but the rare framework error, and pino's child() cost about a tenth of a
    // small request (the trivial route: 44k against 48k req/s). Requests log through the
    // server's logger itself, without a reqId.
    childLoggerFactory: (logger) => logger,
    trustProxy: false,
    return503OnClosing: false,
    ...connectionOptions(limits),
    ...rest,
  }) as unknown as FastifyInstance;
  if (limits && limits.maxConnections > 0) app.server.maxConnections = limits.maxConnections;
  const served: ServedRoute[] = [];
  servedByApp.set(app, served);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) served.push({ method, url: route.url });
  });
  // A reply sent before the request's body was read (a refusal by authentication or a limit)
  // closes the connection, so Node does not read the rest of the body only to discard it.
  app.addHook("onSend", (request, reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && (raw.headers["content-length"] !== undefined || raw.headers["transfer-encoding"] !== undefined)) reply.header("connection", "close");
    done(null, payload);
  });
  return app;
}

/** Close servers and resources once on SIGINT/SIGTERM. */
export function closeOnSignals(close: () => Promise<void>): void {
  let closing = false;
  const handler = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}

export async function listen(app: FastifyInstance, host: string, port: number): Promise<string> {
  return app.listen({ host, port });
}
