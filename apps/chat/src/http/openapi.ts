// GET /openapi.json: the chat server's OpenAPI 3.1 description, generated from the URL table
// (routes/index.ts) and each handler's parameter declarations (declare.ts), so that it lists
// what the table serves and cannot drift from it. As Zulip's own description
// (zerver/openapi/zulip.yaml): paths below /api/v1, HTTP Basic auth with the e-mail address and
// API key, GET parameters in the query string and the others in a form body, JSON-encoded
// values marked as such.
import type { FastifyInstance } from "fastify";
import { buildOpenApi, mergeSamePaths, type ApiOperation, type ApiParameter, type JsonSchema, type OpenApiDocument, type SuccessResponse } from "@beacon/platform";
import { externalHost, type ChatConfig } from "../config.js";
import { schemaOf, stringSchema } from "../lib/validators.js";
import { API_SCHEMAS, objectOf, strs, type Returns } from "./api-schemas.js";
import type { ParamField } from "./declare.js";
import { API_PREFIX, CODE_STATUS, JSON_PREFIX, type Raised, type Route } from "./endpoint.js";

export const OPENAPI_PATH = "/openapi.json";

/** `POST /messages/:message_id/reactions` -> `post-messages-message_id-reactions`. */
export function operationIdOf(route: Pick<Route, "method" | "path">): string {
  return [route.method.toLowerCase(), ...route.path.split("/").filter(Boolean).map((segment) => segment.replace(/^:/, "").replace(/^\*$/, "rest"))].join("-");
}

/** A field's schema: its decoder's, with its default. */
function fieldSchema(field: ParamField): JsonSchema {
  const decoded = field.decoder === undefined ? {} : field.decoder.kind === "string" ? stringSchema(field.decoder.options) : schemaOf(field.decoder.validator as never);
  const fallback = field.presence === "default" && isJson(field.fallback) ? { default: field.fallback } : {};
  return typeof decoded === "boolean" ? decoded : { ...decoded, ...fallback };
}

const isJson = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value) || (typeof value === "object" && JSON.stringify(value) !== undefined);

/** A route's path with its trailing wildcard (the rest of the path, slashes and all) named `:rest`. */
const namedPath = (route: Route) => route.path.replace(/\*$/, ":rest");

/** Zulip's path parameters named `…_id` are integers; the others strings. */
const pathSchema = (name: string): JsonSchema => (name.endsWith("_id") ? { type: "integer" } : { type: "string" });

function parameters(route: Route): ApiParameter[] {
  const inPath = [...namedPath(route).matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: "path" as const,
    schema: pathSchema(name),
    ...(name === "rest" && { description: "The rest of the path, percent-encoded: it may hold slashes." }),
  }));
  const fields = Object.values(route.endpoint.params).flatMap((param) => param.fields);
  // Zulip reads a parameter from the form body, then the query string, whatever the method;
  // its clients send GET's in the query string and every other method's in the body.
  const where = route.method === "GET" ? ("query" as const) : ("body" as const);
  return [
    ...inPath,
    ...fields.map((field) => ({
      name: field.name,
      in: where,
      required: field.presence === "required",
      schema: fieldSchema(field),
      json: field.decoder?.kind === "json",
      ...(field.aliases.length > 0 && { aliases: [...field.aliases] }),
      ...(field.presence === "accepted" && { description: "Accepted for compatibility, and ignored." }),
    })),
  ];
}

/**
 * The success answer: the envelope with the operation's own fields and nothing else (but
 * what `*` allows), or a redirect.
 */
function success(returns: Returns): SuccessResponse {
  if (returns === "redirect") return { status: 302, description: "A redirect to the image.", body: null, headers: { Location: { schema: { type: "string" } } } };
  const own = objectOf(returns);
  return {
    description: "Success: the envelope and the operation's fields.",
    schema: {
      type: "object",
      properties: { result: { const: "success" }, msg: { type: "string" }, ignored_parameters_unsupported: strs, ...own.properties },
      required: ["result", "msg", ...(own.required ?? [])],
      additionalProperties: own.additionalProperties ?? false,
    },
  };
}

/** An operation's error answers: each status with the codes it carries. */
export interface OperationErrors {
  status: number;
  codes: string[];
}

/**
 * The errors an operation can answer, derived from its line of the URL table: the request's
 * own problems as its declared parameters imply them (a required one can be missing, an
 * aliased one given twice), authentication and the rate limit for `user` endpoints (Zulip's
 * rest_dispatch answers every failed API key, deactivated account or organization as
 * UNAUTHORIZED), the web app's CSRF check under /json, an unknown subdomain for `open` ones,
 * then what its guards and its handler raise (`Guard.raises`, `raising`). BAD_REQUEST, Zulip's
 * plain JsonableError, is every operation's. Statuses no operation lists (a malformed or
 * too large body, a fault of the database) are the document's `default`, with BAD_REQUEST.
 */
export function operationErrors(route: Route): OperationErrors[] {
  const { endpoint } = route;
  const fields = Object.values(endpoint.params).flatMap((param) => param.fields);
  const raised: Raised[] = ["BAD_REQUEST"];
  if (fields.some((field) => field.presence === "required")) raised.push("REQUEST_VARIABLE_MISSING");
  if (fields.some((field) => field.aliases.length > 0)) raised.push("REQUEST_CONFUSING_VAR");
  if (route.options.json !== false) raised.push("CSRF_FAILED");
  if (endpoint.auth === "user") {
    raised.push("UNAUTHORIZED", "RATE_LIMIT_HIT");
    for (const guard of endpoint.guards ?? []) raised.push(...(guard.raises ?? []));
  } else raised.push("NONEXISTENT_SUBDOMAIN");
  raised.push(...(endpoint.raises ?? []));
  const byStatus = new Map<number, Set<string>>();
  for (const one of raised) {
    const { status, code } = typeof one === "string" ? { status: CODE_STATUS[one] ?? 400, code: one } : one;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  return [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => ({ status, codes: [...codes] }));
}

/** Whether an error answer's status and code are among those `errors` list, or the `default` response's (BAD_REQUEST, any other status). */
export function listsError(errors: readonly OperationErrors[], status: number, code: string): boolean {
  const listed = errors.find((error) => error.status === status);
  return listed ? listed.codes.includes(code) : code === "BAD_REQUEST";
}

const STATUS_TEXT: Record<number, string> = {
  400: "The request is refused: the first problem found, its code naming it (BAD_REQUEST when no other does).",
  401: "No valid credentials.",
  403: "Refused: CSRF_FAILED for the web app's request without its token; BAD_REQUEST for access denied.",
  404: "Not found.",
  409: "Already exists.",
  429: "Too many requests; retry after `retry-after` seconds.",
  502: "The push notification service failed.",
};

/** Any other status: the same envelope with BAD_REQUEST. */
const OTHER_ERRORS = {
  description: "Another refusal, with the code BAD_REQUEST: 413 or 415 for a body that cannot be read, or a fault of the database or its disk: 503, or 507 for a full disk, with Retry-After.",
  headers: { "Retry-After": { description: "Seconds to wait, on a 503 or 507.", schema: { type: "integer" } } },
  schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", properties: { code: { const: "BAD_REQUEST" } } }] },
};

function operation(route: Route): ApiOperation {
  const open = route.endpoint.auth === "open";
  const section = route.path.split("/")[1];
  return {
    method: route.method,
    path: namedPath(route),
    operationId: operationIdOf(route),
    tags: [section],
    ...(route.options.json === false && { description: `Served under ${API_PREFIX} only, not under ${JSON_PREFIX}.` }),
    parameters: parameters(route),
    success: success(route.options.returns ?? {}),
    errors: operationErrors(route).map(({ status, codes }) => ({ status, codes, ...(STATUS_TEXT[status] && { description: STATUS_TEXT[status] }) })),
    security: open ? [] : ["basicAuth"],
  };
}

export function chatOpenApi(config: ChatConfig, routes: readonly Route[]): OpenApiDocument {
  // A realm is served at its own subdomain of the external host, as Zulip's are.
  const base = `${config.externalScheme}://{realm}${externalHost(config)}`;
  const variables = { realm: { default: "", description: "The realm's subdomain followed by a dot, or nothing for the root domain's realm." } };
  return buildOpenApi({
    info: {
      title: "Beacon chat: Zulip's REST API",
      version: "1",
      description: "Every endpoint of the URL table, with the parameters its handler declares. The web app calls the same endpoints under /json with its session.",
    },
    servers: [
      { url: base + API_PREFIX, variables },
      { url: base + JSON_PREFIX, variables, description: "The web app's: the session cookie and a CSRF token instead of Basic auth." },
    ],
    bodyStyle: "form",
    envelope: {
      error: (codes) => ({ allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", properties: { code: { enum: codes } } }] }),
      otherErrors: OTHER_ERRORS,
    },
    schemas: API_SCHEMAS,
    securitySchemes: { basicAuth: { type: "http", scheme: "basic", description: "The user's e-mail address and API key." } },
    operations: mergeSamePaths(routes.map(operation)),
  });
}

/** Serves the document, built on its first request. */
export function registerOpenApiRoute(app: FastifyInstance, config: ChatConfig, routes: readonly Route[]): void {
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    body ??= JSON.stringify(chatOpenApi(config, routes));
    return reply.header("content-type", "application/json").header("access-control-allow-origin", "*").send(body);
  });
}
