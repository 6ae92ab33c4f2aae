// GET /api/openapi.json: the monitor's OpenAPI 3.1 description, generated from the URL
// tables (each route's `doc`, http/api-doc.ts) and the routes registered on Fastify itself,
// so that every operation served is described and nothing else (test/api/openapi.test.ts).
import type { FastifyInstance } from "fastify";
import { buildOpenApi, mergeSamePaths, type ApiOperation, type ApiParameter, type ErrorResponse, type HttpMethod, type OpenApiDocument } from "@beacon/platform";
import type { MonitorConfig } from "../config.js";
import { authErrors, jsonBody, type FastifyOperation, type OperationDoc } from "../http/api-doc.js";
import { API_SCHEMAS } from "../http/api-schemas.js";
import { SEGMENTS, type ApiRoute, type ApiVersion } from "../http/router.js";

export const OPENAPI_PATH = "/api/openapi.json";

/** An API table and where it is mounted: each version's prefix (`/api/v3/`, or `/` for badges). */
export interface MountedTable {
  routes: ApiRoute[];
  prefix: (version: ApiVersion) => string;
  versions: ApiVersion[];
}

export const API_VERSIONS: ApiVersion[] = [1, 2, 3];

/** The document's own operation. */
export const OPENAPI_OPERATION: FastifyOperation = {
  method: "GET",
  path: OPENAPI_PATH,
  doc: { id: "getOpenApiDocument", summary: "This description of the monitor's API", tag: "openapi", auth: "none", success: jsonBody({ type: "object" }) },
};

/** A route's path in Fastify's style, below its mount: `checks/<uuid>/pause` -> `checks/:uuid/pause`. */
function fastifyPath(route: ApiRoute): string {
  let i = 0;
  return route.path.replace(/<[a-z_]+(?::[a-z_]+)?>/g, () => `:${route.params[i++].name}`);
}

/** Every operation a table serves: each route, method and version (extensions in v3 only). */
export function tableOperations(table: MountedTable): ApiOperation[] {
  return table.versions.flatMap((version) =>
    table.routes
      .filter((route) => !route.extension || version === 3)
      .flatMap((route) => {
        const methods = Object.keys(route.docs);
        return methods.map((method) => {
          const doc = route.docs[method];
          const shared = methods.filter((m) => route.docs[m] === doc).length > 1;
          const pathParameters = route.params.map(({ name, kind }) => ({ name, in: "path" as const, schema: SEGMENTS[kind].schema, ...doc.path?.[name] }));
          return operation(method as HttpMethod, table.prefix(version) + fastifyPath(route), doc, version, { shared, pathParameters });
        });
      }),
  );
}

/** An operation registered on Fastify itself: its doc names every path parameter. */
export function fastifyOperation({ method, path, doc }: FastifyOperation): ApiOperation {
  const pathParameters = Object.entries(doc.path ?? {}).map(([name, param]) => ({ name, in: "path" as const, schema: param.schema ?? { type: "string" }, ...param }));
  return operation(method, path, doc, 3, { shared: false, pathParameters });
}

function operation(method: HttpMethod, path: string, doc: OperationDoc, version: ApiVersion, options: { shared: boolean; pathParameters: ApiParameter[] }): ApiOperation {
  const body = typeof doc.body === "function" ? doc.body(version) : (doc.body ?? []);
  const operationId = doc.id + (options.shared && method !== "GET" ? `_${method.toLowerCase()}` : "") + (version < 3 ? `_v${version}` : "");
  return {
    method,
    path,
    operationId,
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: [doc.tag],
    parameters: [...options.pathParameters, ...(doc.query ?? []).map((p) => ({ ...p, in: "query" as const })), ...body.map((p) => ({ ...p, in: "body" as const }))],
    ...(doc.rawBody && { rawBody: doc.rawBody }),
    success: doc.success,
    errors: mergeStatuses([...authErrors(doc.auth, method), ...(doc.errors ?? [])]),
    security: doc.security ?? (doc.auth === "none" ? [] : ["apiKey"]),
  };
}

/** One response per status: the codes of the same status (auth's and the operation's) together. */
function mergeStatuses(errors: ErrorResponse[]): ErrorResponse[] {
  const byStatus = new Map<number, ErrorResponse>();
  for (const error of errors) {
    const seen = byStatus.get(error.status);
    byStatus.set(error.status, seen ? { ...seen, codes: [...(seen.codes ?? []), ...(error.codes ?? [])] } : error);
  }
  return [...byStatus.values()].sort((a, b) => a.status - b.status);
}

/** What each area's tag stands for, in the document's list of tags. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  checks: "Checks: create, read, update, pause and delete them (Healthchecks' management API).",
  pings: "The pings a check received, and their bodies.",
  flips: "A check's status changes.",
  integrations: "The project's integrations (channels), where alerts go.",
  project: "The project as a whole: its keys, its maintenance windows.",
  badges: "Status badges: the URLs a project offers, and the badges themselves (public, signed URLs).",
  metrics: "The project's checks for Prometheus.",
  service: "The service's own endpoints: status, counters, delivery callbacks.",
  ping: "The ping API that jobs call: success, start, failure, log and exit status.",
  health: "Probes for load balancers and orchestrators.",
  openapi: "This description.",
};

/** The operations' tags in order of first use, each with its description where one is written. */
function tagList(operations: ApiOperation[]): { name: string; description?: string }[] {
  const names = [...new Set(operations.flatMap((operation) => operation.tags ?? []))];
  return names.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] && { description: TAG_DESCRIPTIONS[name] }) }));
}

export function monitorOpenApi(config: MonitorConfig, tables: MountedTable[], others: FastifyOperation[]): OpenApiDocument {
  const operations = [...tables.flatMap(tableOperations), ...others.map(fastifyOperation)];
  return buildOpenApi({
    info: {
      title: `${config.siteName}: the monitor's API`,
      version: "3",
      description: [
        "Healthchecks' management API (v1, v2 and v3), its ping API and badges, with Beacon's extensions in v3 (docs/monitor-extensions.md).",
        "Every API route marked with CORS answers OPTIONS with 204 and a method it does not list with 405 (no body).",
        "A database fault answers 503, or 507 for a full disk, with {\"error\": …} and Retry-After.",
      ].join(" "),
    },
    servers: [{ url: config.siteRoot }],
    envelope: {
      error: (codes) => ({ type: "object", properties: { error: { type: "string", ...(codes.length > 0 && { examples: codes }) } }, required: ["error"] }),
    },
    bodyStyle: "json",
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "A project's API key; read-only keys may read. A write may send the key as `api_key` in its body instead." },
      metricsKey: { type: "apiKey", in: "header", name: "X-Metrics-Key", description: "The service's metrics key (MONITOR_METRICS_KEY)." },
      readOnlyBearer: { type: "http", scheme: "bearer", description: "A project's read-only API key." },
    },
    schemas: API_SCHEMAS,
    tags: tagList(operations),
    operations: mergeSamePaths(operations),
  });
}

/** Serves the document, built on its first request (building it costs more than the rest of an app's start). */
export function registerOpenApiRoute(app: FastifyInstance, build: () => OpenApiDocument): void {
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    body ??= JSON.stringify(build());
    return reply.header("content-type", "application/json").header("access-control-allow-origin", "*").send(body);
  });
}
