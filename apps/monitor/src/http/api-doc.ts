// What the URL table says about each operation beyond its handler, so that GET
// /api/openapi.json is generated from the table (routes/openapi.ts) and cannot drift from it:
// a summary, who may call, the query and body parameters, the success body and the errors.
// The path's parameters come from the route's pattern itself (router.ts SEGMENTS).
import type { ApiOperation, ApiParameter, ErrorResponse, HttpMethod, JsonSchema, SuccessResponse } from "@beacon/platform";
import { DJANGO_404 } from "./responses.js";

/** Who may call: a read-write key (header or the body's `api_key`), either key (header only), or anyone. */
export type ApiAuth = "write" | "read" | "none";

/** A query or body parameter: as the platform's, without `in` (the list it is in says where). */
export type ParamDoc = Omit<ApiParameter, "in">;

export interface OperationDoc {
  /** The operationId in API v3 (v1 and v2 add `_v1`, `_v2`; a doc shared by several methods adds the method). */
  id: string;
  summary: string;
  description?: string;
  /** The area, as the document's tags: checks, pings, flips, integrations, badges, project, service. */
  tag: string;
  auth: ApiAuth;
  /** The security schemes, when not the API key that `auth` implies (the metrics keys). */
  security?: string[];
  /** A path parameter's description or narrower schema, by the name in the route's pattern. */
  path?: Record<string, { description?: string; schema?: JsonSchema }>;
  query?: ParamDoc[];
  /** The JSON body's fields, which may differ by API version (extensions are v3 only). */
  body?: ParamDoc[] | ((version: 1 | 2 | 3) => ParamDoc[]);
  /** A body that is not JSON fields (a ping's payload). */
  rawBody?: ApiOperation["rawBody"];
  success: SuccessResponse;
  /** The errors of the operation itself; those of `auth` are added by the generator. */
  errors?: ErrorResponse[];
}

export const op = (doc: OperationDoc): OperationDoc => doc;

/**
 * An operation of a route registered on Fastify itself rather than in an API table (the
 * pings, the health probes, this document): its Fastify path (`/ping/:uuid`), whose
 * parameters the doc's `path` describes (every one of them, as nothing else does).
 */
export interface FastifyOperation {
  method: HttpMethod;
  path: string;
  doc: OperationDoc;
}

// Answers shared by many operations, each with the upstream's body.

/** get_object_or_404: the framework's HTML page. */
export const NOT_FOUND_PAGE: ErrorResponse = { status: 404, description: "Not found: Django's HTML page.", body: { contentType: "text/html; charset=utf-8", schema: { type: "string", examples: [DJANGO_404] } } };
/** A bare 404 without a body (a unique key not in the caller's project, an unknown badge). */
export const NOT_FOUND_EMPTY: ErrorResponse = { status: 404, description: "Not found (no body).", body: null };
/** A check or integration of another project. */
export const FOREIGN: ErrorResponse = { status: 403, description: "It belongs to another project (no body).", body: null };

/** The errors every operation of an `auth` kind can answer before it runs (http/auth.ts). */
export function authErrors(auth: ApiAuth, method: string): ErrorResponse[] {
  if (auth === "none") return [];
  const errors: ErrorResponse[] = [{ status: 401, codes: ["missing api key", "wrong api key"] }];
  if (auth === "write" && method === "POST") errors.unshift({ status: 400, codes: ["could not parse request body", "json validation error: value is not an object"] });
  return errors;
}

/** The `api_key` body field a write may carry instead of the X-Api-Key header. */
export const API_KEY_FIELD: ParamDoc = { name: "api_key", schema: { type: "string", minLength: 32, maxLength: 32 }, description: "The read-write API key, when not sent in the X-Api-Key header." };

export const stringSchema = (maxLength?: number): JsonSchema => ({ type: "string", ...(maxLength !== undefined && { maxLength }) });
export const jsonBody = (schema: JsonSchema, status?: number): SuccessResponse => ({ schema, ...(status && { status }) });
export const textBody = (contentType: string, example?: string): SuccessResponse => ({ body: { contentType, schema: { type: "string", ...(example !== undefined && { examples: [example] }) } } });
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
