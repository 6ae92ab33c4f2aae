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
import { API_PREFIX, JSON_PREFIX, type Route } from "./endpoint.js";

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

/**
 * The codes a 400 carries: the request's own problems, then the operations' refusals
 * (lib/errors.ts and the actions' own errors), as Zulip's JsonableError subclasses.
 */
const BAD_REQUEST_CODES = [
  "BAD_REQUEST",
  "REQUEST_VARIABLE_MISSING",
  "REQUEST_VARIABLE_INVALID",
  "REQUEST_CONFUSING_VAR",
  "INVALID_JSON",
  "BAD_NARROW",
  "BAD_EVENT_QUEUE_ID",
  "BAD_IMAGE",
  "STREAM_DOES_NOT_EXIST",
  "UNAUTHORIZED_PRINCIPAL",
  "PERMISSION_DENIED",
  "CANNOT_ADMINISTER_CHANNEL",
  "CANNOT_DEACTIVATE_LAST_USER",
  "CANNOT_DEACTIVATE_GROUP_IN_USE",
  "SYSTEM_GROUP_REQUIRED",
  "EXPECTATION_MISMATCH",
  "REACTION_ALREADY_EXISTS",
  "REACTION_DOES_NOT_EXIST",
  "INVITATION_FAILED",
  "INVALID_PUSH_DEVICE_TOKEN",
  "INVALID_REMOTE_PUSH_DEVICE_TOKEN",
  "PUSH_SERVICE_NOT_CONFIGURED",
  "NO_ACTIVE_PUSH_DEVICE",
];

/** Any other status: the same envelope, the code naming the error. */
const OTHER_ERRORS = {
  description: [
    "Another error, in the same envelope: 403 (access denied, CSRF_FAILED), 404 (not found, NONEXISTENT_SUBDOMAIN), 409 (CHANNEL_ALREADY_EXISTS),",
    "502 (the push bouncer), or a fault of the database or its disk: 503, or 507 for a full disk, with Retry-After and the code BAD_REQUEST.",
  ].join(" "),
  headers: { "Retry-After": { description: "Seconds to wait, on a 503 or 507.", schema: { type: "integer" } } },
  schema: { $ref: "#/components/schemas/Error" },
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
    errors: [
      { status: 400, codes: BAD_REQUEST_CODES, description: "The request is refused: the first problem found, its code naming it (BAD_REQUEST when no other does)." },
      ...(open ? [] : [{ status: 401, codes: ["UNAUTHORIZED", "INVALID_API_KEY", "USER_DEACTIVATED", "REALM_DEACTIVATED"], description: "No valid credentials." }]),
      ...(open ? [] : [{ status: 429, codes: ["RATE_LIMIT_HIT"], description: "Too many requests; retry after `retry-after` seconds." }]),
    ],
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
