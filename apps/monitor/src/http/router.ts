// The API's URL table, matched the way the upstream's URL resolver does: one flat list
// of patterns, mounted under /api/v1/, /api/v2/ and /api/v3/, trailing slashes significant
// (APPEND_SLASH redirects a slashless URL when the slashed one exists), and each route
// wrapped for CORS: OPTIONS answers 204 and an unlisted method 405, before any auth.
import type { ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { JsonSchema } from "@beacon/platform";
import { PyFloat } from "../lib/pyjson.js";
import type { OperationDoc } from "./api-doc.js";
import { DJANGO_404, PageNotFound, ResponseError, type ApiResponse } from "./responses.js";

export type ApiVersion = 1 | 2 | 3;

export interface ApiRequest {
  raw: FastifyRequest;
  method: string;
  version: ApiVersion;
  params: string[];
  query: URLSearchParams;
  body: Buffer;
}

/**
 * An API request as the handlers see it. The query is parsed on first use (the cached reads
 * never look at it); a class keeps that getter on its prototype, where a getter in an object
 * literal was defined again on every request.
 */
class DispatchedRequest implements ApiRequest {
  readonly method: string;
  private parsedQuery: URLSearchParams | undefined;

  constructor(
    readonly raw: FastifyRequest,
    readonly version: ApiVersion,
    readonly params: string[],
    private readonly queryString: string,
    readonly body: Buffer,
  ) {
    this.method = raw.method;
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.queryString));
  }
}

export type ApiHandler = (req: ApiRequest) => Promise<ApiResponse> | ApiResponse;

export type ApiHandlers = Partial<Record<string, ApiHandler>>;

export interface ApiRoute {
  /** as written in the table, e.g. `checks/<uuid>/pause` or `badge/<slug:badge_key>/…` */
  path: string;
  pattern: RegExp;
  /** The path's parameters in order: each segment's name (its kind unless named) and kind. */
  params: { name: string; kind: string }[];
  handlers: ApiHandlers;
  /** Each handled method's description, for the OpenAPI document (routes/openapi.ts). */
  docs: Record<string, OperationDoc>;
  cors: boolean;
  /**
   * A Beacon extension (docs/monitor-extensions.md): matched in API v3 only, so v1 and v2 see
   * exactly the upstream's table (a URL it does not have is its 404), and in v3 first by the
   * methods it handles, so the upstream's route of the same path keeps its other answers and
   * its CORS headers.
   */
  extension: boolean;
}

/**
 * A path segment `<kind>` or `<kind:name>` (as Django's `<uuid:code>`): what it matches, and
 * its schema in the OpenAPI document.
 */
export const SEGMENTS: Record<string, { pattern: string; schema: JsonSchema }> = {
  uuid: { pattern: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", schema: { type: "string", format: "uuid" } },
  // compat: the upstream's pattern is [A-z0-9]{40}, which also admits [\]^_` characters.
  unique_key: { pattern: "[A-z0-9]{40}", schema: { type: "string", pattern: "^[A-z0-9]{40}$" } },
  int: { pattern: "\\d+", schema: { type: "integer", minimum: 0 } },
  slug: { pattern: "[-a-zA-Z0-9_]+", schema: { type: "string", pattern: "^[-a-zA-Z0-9_]+$" } },
  tag: { pattern: ".+?", schema: { type: "string", minLength: 1 } },
  str: { pattern: "[^/]+", schema: { type: "string", pattern: "^[^/]+$" } },
};

const SEGMENT = /<([a-z_]+)(?::([a-z_]+))?>/g;

/** For views the upstream does not restrict by method. */
export function anyMethod(handler: ApiHandler): ApiHandlers {
  return Object.fromEntries(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((m) => [m, handler]));
}

/**
 * Every method's description: one for all of them (a view that takes any method), or one per
 * method the handlers name.
 */
export type RouteDocs<H extends ApiHandlers> = OperationDoc | { [M in keyof H]: OperationDoc };

export interface RouteOptions<H extends ApiHandlers> {
  doc: RouteDocs<H>;
  cors?: boolean;
  extension?: boolean;
}

export function route<H extends ApiHandlers>(path: string, handlers: H, options: RouteOptions<H>): ApiRoute {
  const params = [...path.matchAll(SEGMENT)].map(([, kind, name]) => {
    if (!SEGMENTS[kind]) throw new Error(`unknown path segment kind <${kind}> in ${path}`);
    return { name: name ?? kind, kind };
  });
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(SEGMENT, (_m, kind: string) => `(${SEGMENTS[kind].pattern})`);
  const { doc } = options;
  const docs = Object.fromEntries(Object.keys(handlers).map((method) => [method, "id" in doc ? (doc as OperationDoc) : (doc as Record<string, OperationDoc>)[method]]));
  return { path, pattern: new RegExp(`^${source}$`), params, handlers, docs, cors: options.cors ?? true, extension: options.extension ?? false };
}

/**
 * Thrown by an extension's handler, before it reads or writes anything, when the request is
 * one the upstream's route of the same path answers (POST /api/v3/channels/ without a `kind`
 * is Healthchecks' 405).
 */
export class NotAnExtensionRequest extends Error {}

/** A route of Beacon's own, in API v3 only (see ApiRoute.extension). */
export function extensionRoute<H extends ApiHandlers>(path: string, handlers: H, doc: RouteDocs<H>): ApiRoute {
  return route(path, handlers, { doc, extension: true });
}

/** Where a table is mounted: returns the API version and the path below the mount point. */
export type Mount = (path: string) => { version: ApiVersion; rest: string } | null;

const VERSIONED = /^\/api\/v([123])\/(.*)$/;

export const apiMount: Mount = (path) => {
  const m = VERSIONED.exec(path);
  return m ? { version: Number(m[1]) as ApiVersion, rest: m[2] } : null;
};

/** A table mounted at the site root (badges, metrics); URLs inside use API v3. */
export const rootMount: Mount = (path) => ({ version: 3, rest: path.slice(1) });

function corsHeaders(route: ApiRoute): Record<string, string> {
  return {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "X-Api-Key",
    "access-control-allow-methods": [...Object.keys(route.handlers), "OPTIONS"].join(", "),
    "access-control-max-age": "600",
  };
}

export function send(reply: FastifyReply, response: ApiResponse, extraHeaders: Record<string, string> = {}): FastifyReply {
  reply.code(response.status).headers(extraHeaders);
  if (response.headers) reply.headers(response.headers);
  const { body } = response;
  if (body === undefined) {
    reply.header("content-type", response.contentType ?? "text/html; charset=utf-8");
    return reply.send("");
  }
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    reply.header("content-type", response.contentType ?? "text/html; charset=utf-8");
    return reply.send(Buffer.isBuffer(body) ? body : Buffer.from(body));
  }
  // A Buffer, so that Fastify leaves the content type exactly as the upstream's.
  reply.header("content-type", "application/json");
  return reply.send(Buffer.from(pythonJson(body)));
}

/**
 * A 200 with a ready body (the cached check reads): the same headers in the same order as
 * send() gives them, handed to Node as one flat list, without Fastify's per-header bookkeeping.
 */
function sendBuffer(reply: FastifyReply, body: Buffer, contentType = "text/html; charset=utf-8", cors: string[]): FastifyReply {
  reply.hijack();
  writeBuffer(reply.raw, body, contentType, cors);
  return reply;
}

/** A 200 answer of ready bytes, written straight to Node's response (its headers in this order). */
export function writeBuffer(res: ServerResponse, body: Buffer, contentType: string, cors: string[]): void {
  res.writeHead(200, [...cors, "content-type", contentType, "content-length", String(body.length)]);
  res.end(body);
}

const NEEDS_ESCAPE = /[\u0000-\u001f"\\\u007f-\uffff]/;
const NON_ASCII = /[\u007f-\uffff]/g;
const escapeNonAscii = (ch: string) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0");

function pythonString(s: string): string {
  // Most values are plain ASCII: skip JSON.stringify and the regex replace for them.
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  return JSON.stringify(s).replace(NON_ASCII, escapeNonAscii);
}

/**
 * compat: the upstream serialises with Python's json.dumps defaults: ", " and ": "
 * separators, every non-ASCII character escaped, floats always with a fraction.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "string":
      return pythonString(value);
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
  }
  if (value instanceof PyFloat) return value.toString();
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i ? ", " : "") + pythonJson(value[i]);
    return out + "]";
  }
  let out = "{";
  let first = true;
  for (const key in value as Record<string, unknown>) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue;
    out += (first ? "" : ", ") + pythonString(key) + ": " + pythonJson(v);
    first = false;
  }
  return out + "}";
}

export function notFoundPage(reply: FastifyReply): FastifyReply {
  return reply.code(404).header("content-type", "text/html; charset=utf-8").send(DJANGO_404);
}

/** An API table's Fastify handler, which can also say what a 200 answer of a URL carries. */
export interface Dispatcher {
  (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** The CORS headers (as a flat list) of the route `url` goes to; undefined when none does. */
  corsOf(url: string): string[] | undefined;
  /** The table it dispatches to. */
  routes: ApiRoute[];
}

export function createDispatcher(routes: ApiRoute[], mount: Mount = apiMount): Dispatcher {
  const cors = new Map(routes.map((route) => [route, route.cors ? corsHeaders(route) : {}]));
  const corsList = new Map([...cors].map(([route, headers]) => [route, Object.entries(headers).flat()]));
  // Extensions are matched in API v3 only (without a request, as for corsOf, never). There an
  // extension answers the methods it handles; any other method (a preflight, a 405) goes to the
  // upstream's route of the same path if there is one, else to the extension.
  const match = (rest: string, request?: { version: ApiVersion; method: string }) => {
    let extensionOnly: { route: ApiRoute; params: string[] } | null = null;
    for (const route of routes) {
      if (route.extension && request?.version !== 3) continue;
      const m = route.pattern.exec(rest);
      if (!m) continue;
      if (route.extension && !route.handlers[request!.method]) {
        extensionOnly ??= { route, params: m.slice(1) };
        continue;
      }
      return { route, params: m.slice(1) };
    }
    return extensionOnly;
  };

  const corsOf = (url: string) => {
    const mounted = mount(splitUrl(url)[0]);
    const found = mounted && match(mounted.rest);
    return found ? corsList.get(found.route) : undefined;
  };

  return Object.assign(async function dispatch(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path, queryString = ""] = splitUrl(request.url);
    const mounted = mount(path);
    if (!mounted) return notFoundPage(reply);
    const { version, rest } = mounted;
    const found = match(rest, { version, method: request.method });

    if (!found) {
      if (!path.endsWith("/") && match(rest + "/", { version, method: request.method })) {
        const location = path + "/" + (queryString ? `?${queryString}` : "");
        return reply.code(301).header("location", location).header("content-type", "text/html; charset=utf-8").send("");
      }
      return notFoundPage(reply);
    }

    return serve(found);

    async function serve({ route, params }: { route: ApiRoute; params: string[] }): Promise<FastifyReply> {
      const headers = cors.get(route)!;
      const handler = route.handlers[request.method];
      if (route.cors && request.method === "OPTIONS") return send(reply, { status: 204 }, headers);
      if (!handler) return send(reply, { status: 405 }, headers);

      try {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const response = await handler(new DispatchedRequest(request, version, params, queryString, body));
        if (response.status === 200 && Buffer.isBuffer(response.body) && !response.headers) return sendBuffer(reply, response.body, response.contentType, corsList.get(route)!);
        return send(reply, response, headers);
      } catch (error) {
        if (error instanceof ResponseError) return send(reply, error.response, headers);
        if (error instanceof PageNotFound) return notFoundPage(reply);
        // An extension that finds the request is not for it: the upstream's route answers.
        if (error instanceof NotAnExtensionRequest && route.extension) {
          const upstream = match(rest);
          return upstream ? serve(upstream) : notFoundPage(reply);
        }
        throw error;
      }
    }
  }, { corsOf, routes });
}

export function splitUrl(url: string): [string, string] {
  const q = url.indexOf("?");
  return q === -1 ? [url, ""] : [url.slice(0, q), url.slice(q + 1)];
}
