// An OpenAPI 3.1 document built from a neutral description of a server's operations, so
// that each server can generate its description from its own URL table and parameter
// declarations instead of keeping a second, hand-written list that drifts.
//
// The builder knows nothing of either server's protocol: the success envelope, the error
// body and the way a request body is encoded are given by the caller. What it does know is
// the OpenAPI 3.1 specification (https://spec.openapis.org/oas/v3.1.0):
// - Fastify's `:name` path segments become `{name}` templates, and every template must have
//   exactly one path parameter declared for it (the specification requires both ways);
// - two paths that differ only in their templates' names are the same path to a client and
//   invalid in one document (spec, "Paths Object"): refused here;
// - operationIds are unique within the document (spec, "Operation Object");
// - a body's parameters become one object schema under each of the body's media types.
//
// Usage:
//   const doc = buildOpenApi({
//     info: { title: "Example", version: "1.0.0" },
//     envelope: { error: (codes) => ({ type: "object", properties: { code: { enum: codes } } }) },
//     operations: [{ method: "GET", path: "/users/:id", operationId: "getUser",
//       parameters: [{ name: "id", in: "path", schema: { type: "integer" } }],
//       success: { schema: { type: "object" } }, errors: [{ status: 404, codes: ["NOT_FOUND"] }] }],
//   });

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), as a plain object. */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS" | "TRACE";

/**
 * Where a parameter is read from. `body` parameters are the fields of the request body and
 * are encoded as the operation's `bodyStyle` says.
 */
export type ParameterLocation = "path" | "query" | "header" | "body";

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  /** Path parameters are always required; others default to optional. */
  required?: boolean;
  /** The value's schema. For a JSON-encoded value (`json: true`), the schema of the decoded value. */
  schema: JsonSchema;
  /**
   * The value is JSON text inside a query string or form field (Zulip's `to=[1,2]`): described
   * with an `application/json` content (query) or encoding (form body), as the specification
   * prescribes for values that are not simple strings.
   */
  json?: boolean;
  deprecated?: boolean;
  description?: string;
  /** Older names still accepted (Zulip's aliases): each is described as a deprecated parameter of its own. */
  aliases?: string[];
}

/**
 * How an operation's body parameters travel:
 * - `form`: `application/x-www-form-urlencoded` and `multipart/form-data` (Zulip accepts both);
 * - `json`: one `application/json` object (Healthchecks).
 */
export type BodyStyle = "form" | "json";

/** A response body: its media type and, when it has one, its schema. */
export interface ResponseBody {
  contentType: string;
  schema?: JsonSchema;
}

/** Response headers worth knowing (not the standard ones every answer has), by name. */
export type ResponseHeaders = Record<string, { description?: string; schema: JsonSchema }>;

export interface SuccessResponse {
  /** 200 unless given. */
  status?: number;
  description?: string;
  /**
   * The operation's own result. With the default JSON body, the document's
   * `envelope.success` (when given) wraps it, e.g. to add Zulip's `result` and `msg`.
   */
  schema?: JsonSchema;
  /**
   * A body other than the enveloped JSON (an SVG badge, a text "OK"), several when the
   * request chooses (an SVG or a JSON badge), or `null` for a response without a body. Not
   * wrapped by the envelope.
   */
  body?: ResponseBody | ResponseBody[] | null;
  headers?: ResponseHeaders;
}

export interface ErrorResponse {
  status: number;
  description?: string;
  /** The error codes this status can carry, handed to `envelope.error`. */
  codes?: string[];
  /** A body other than the envelope's error (an HTML page), or `null` for no body. */
  body?: ResponseBody | ResponseBody[] | null;
  headers?: ResponseHeaders;
}

export interface ApiOperation {
  method: HttpMethod;
  /** Fastify style: `/users/:user_id/status`. */
  path: string;
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: ApiParameter[];
  /** How `body` parameters are encoded; the document's `bodyStyle` unless given. */
  bodyStyle?: BodyStyle;
  /** Whether the body is required; true when a body parameter is required. */
  bodyRequired?: boolean;
  /**
   * A body that is not made of parameters (a ping's payload, stored as sent): its media
   * types and schema. An operation has either this or `body` parameters.
   */
  rawBody?: { contentTypes: string[]; schema?: JsonSchema; description?: string; required?: boolean };
  success?: SuccessResponse;
  errors?: ErrorResponse[];
  /** Names of `securitySchemes` any one of which authorizes; `[]` for none. The document's unless given. */
  security?: string[];
}

/** A security scheme, as OpenAPI's Security Scheme Object (e.g. `{ type: "http", scheme: "basic" }`). */
export type SecurityScheme = { type: "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS"; [field: string]: unknown };

export interface ApiEnvelope {
  /** Wraps an operation's result schema into the JSON body a success answers. Identity unless given. */
  success?: (result: JsonSchema | undefined) => JsonSchema;
  /** The JSON body of an error response that carries `codes` (possibly empty). */
  error: (codes: string[]) => JsonSchema;
  /**
   * Every operation's answer with a status its `errors` do not list (OpenAPI's `default`
   * response): errors any operation may meet, a storage fault's 503, say.
   */
  otherErrors?: { description: string; headers?: ResponseHeaders; schema: JsonSchema };
}

export interface ApiDescription {
  info: { title: string; version: string; description?: string; summary?: string };
  servers?: { url: string; description?: string; variables?: Record<string, { default: string; enum?: string[]; description?: string }> }[];
  envelope: ApiEnvelope;
  /** The default for operations that do not name one; `json` unless given. */
  bodyStyle?: BodyStyle;
  securitySchemes?: Record<string, SecurityScheme>;
  /** The default for operations that do not name theirs; none unless given. */
  security?: string[];
  /** Reusable schemas, referred to as `{ $ref: "#/components/schemas/<name>" }`. */
  schemas?: Record<string, JsonSchema>;
  tags?: { name: string; description?: string }[];
  operations: ApiOperation[];
}

/** The document: a plain object, ready for JSON.stringify. */
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: ApiDescription["info"];
  paths: Record<string, Record<string, unknown>>;
  [field: string]: unknown;
};

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** `/users/:user_id` -> `/users/{user_id}`; Fastify's `::` is a literal colon, `:id(\\d+)` drops its pattern. */
export function openApiPath(fastifyPath: string): string {
  if (fastifyPath.includes("*")) throw new Error(`OpenAPI has no wildcard paths: ${fastifyPath}`);
  return fastifyPath
    .replace(/::/g, "\u0000")
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, "{$1}")
    .replace(/\u0000/g, ":");
}

/** The names of a templated path's parameters, in order. */
export function pathTemplateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

export function buildOpenApi(description: ApiDescription): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  const operationIds = new Set<string>();
  const templates = new Map<string, string>();

  for (const operation of description.operations) {
    const path = openApiPath(operation.path);
    const context = `${operation.method} ${operation.path}`;
    if (operationIds.has(operation.operationId)) throw new Error(`${context}: operationId ${operation.operationId} is used twice`);
    operationIds.add(operation.operationId);
    checkSameTemplate(templates, path, context);
    checkPathParameters(path, operation.parameters ?? [], context);

    const item = (paths[path] ??= {});
    const method = operation.method.toLowerCase();
    if (item[method]) throw new Error(`${context}: the operation is described twice`);
    item[method] = operationObject(description, operation);
  }

  return {
    openapi: "3.1.0",
    info: description.info,
    ...(description.servers && { servers: description.servers }),
    ...(description.tags && { tags: description.tags }),
    paths,
    ...(description.schemas || description.securitySchemes
      ? { components: { ...(description.schemas && { schemas: description.schemas }), ...(description.securitySchemes && { securitySchemes: description.securitySchemes }) } }
      : {}),
  };
}

/** `/a/{x}` and `/a/{y}` are one path to a client: the specification forbids both in a document. */
function checkSameTemplate(templates: Map<string, string>, path: string, context: string): void {
  const shape = path.replace(/\{[^}]+\}/g, "{}");
  const seen = templates.get(shape);
  if (seen !== undefined && seen !== path) throw new Error(`${context}: ${path} and ${seen} differ only in their parameters' names`);
  templates.set(shape, path);
}

function checkPathParameters(path: string, parameters: ApiParameter[], context: string): void {
  const declared = parameters.filter((p) => p.in === "path").map((p) => p.name).sort();
  const templated = pathTemplateNames(path).sort();
  if (declared.join() !== templated.join()) {
    throw new Error(`${context}: the path has parameters [${templated.join(", ")}] but declares [${declared.join(", ")}]`);
  }
}

function operationObject(description: ApiDescription, operation: ApiOperation): Record<string, unknown> {
  const parameters = (operation.parameters ?? []).flatMap(withAliases);
  const plain = parameters.filter((p) => p.in !== "body");
  const body = parameters.filter((p) => p.in === "body");
  if (body.length > 0 && operation.rawBody) throw new Error(`${operation.method} ${operation.path}: both body parameters and a raw body`);
  const security = operation.security ?? description.security;
  return {
    operationId: operation.operationId,
    ...(operation.summary && { summary: operation.summary }),
    ...(operation.description && { description: operation.description }),
    ...(operation.tags?.length && { tags: operation.tags }),
    ...(operation.deprecated && { deprecated: true }),
    ...(plain.length > 0 && { parameters: plain.map(parameterObject) }),
    ...(body.length > 0 && { requestBody: requestBody(body, operation.bodyStyle ?? description.bodyStyle ?? "json", operation.bodyRequired) }),
    ...(operation.rawBody && { requestBody: rawRequestBody(operation.rawBody) }),
    responses: responses(description.envelope, operation),
    ...(security && { security: security.map((name) => ({ [name]: [] })) }),
  };
}

/** A parameter, then each of its aliases: deprecated, optional, otherwise the same. */
function withAliases(parameter: ApiParameter): ApiParameter[] {
  const { aliases, ...own } = parameter;
  const description = `Deprecated name of \`${parameter.name}\`.`;
  return [own, ...(aliases ?? []).map((alias) => ({ ...own, name: alias, required: false, deprecated: true, description }))];
}

function rawRequestBody(body: NonNullable<ApiOperation["rawBody"]>): Record<string, unknown> {
  const media = body.schema === undefined ? {} : { schema: body.schema };
  return {
    ...(body.description && { description: body.description }),
    ...(body.required && { required: true }),
    content: Object.fromEntries(body.contentTypes.map((type) => [type, media])),
  };
}

function parameterObject(parameter: ApiParameter): Record<string, unknown> {
  const required = parameter.in === "path" || parameter.required === true;
  return {
    name: parameter.name,
    in: parameter.in,
    ...(parameter.description && { description: parameter.description }),
    ...(required && { required: true }),
    ...(parameter.deprecated && { deprecated: true }),
    // A JSON-encoded value is a `content` (spec, "Parameter Object": schema and content exclude each other).
    ...(parameter.json ? { content: { "application/json": { schema: parameter.schema } } } : { schema: parameter.schema }),
  };
}

function requestBody(fields: ApiParameter[], style: BodyStyle, required: boolean | undefined): Record<string, unknown> {
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) properties[field.name] = fieldSchema(field);
  const requiredNames = fields.filter((f) => f.required).map((f) => f.name);
  const schema = { type: "object", properties, ...(requiredNames.length > 0 && { required: requiredNames }) };
  const jsonFields = fields.filter((f) => f.json);
  // In a form, a JSON-encoded field's part or value is JSON text (spec, "Encoding Object").
  const encoding = jsonFields.length > 0 ? { encoding: Object.fromEntries(jsonFields.map((f) => [f.name, { contentType: "application/json" }])) } : {};
  const types = style === "form" ? FORM_TYPES : ["application/json"];
  return {
    ...((required ?? requiredNames.length > 0) && { required: true }),
    content: Object.fromEntries(types.map((type) => [type, { schema, ...(style === "form" && encoding) }])),
  };
}

/** A body field's schema, carrying its description and deprecation (a property has no `deprecated` of its own but JSON Schema's). */
function fieldSchema(field: ApiParameter): JsonSchema {
  if (typeof field.schema === "boolean" || (!field.description && !field.deprecated)) return field.schema;
  return { ...field.schema, ...(field.description && { description: field.description }), ...(field.deprecated && { deprecated: true }) };
}

function responses(envelope: ApiEnvelope, operation: ApiOperation): Record<string, unknown> {
  const success = operation.success ?? {};
  const out: Record<string, unknown> = {};
  const wrap = envelope.success ?? ((schema: JsonSchema | undefined) => schema ?? {});
  const successBody = success.body !== undefined ? success.body : { contentType: "application/json", schema: wrap(success.schema) };
  out[String(success.status ?? 200)] = responseObject(success.description ?? "Success.", successBody, success.headers);
  for (const error of operation.errors ?? []) {
    const status = String(error.status);
    if (out[status]) throw new Error(`${operation.method} ${operation.path}: status ${status} is described twice`);
    const body = error.body !== undefined ? error.body : { contentType: "application/json", schema: envelope.error(error.codes ?? []) };
    out[status] = responseObject(error.description ?? describeCodes(error), body, error.headers);
  }
  const other = envelope.otherErrors;
  if (other) out.default = responseObject(other.description, { contentType: "application/json", schema: other.schema }, other.headers);
  return out;
}

function describeCodes(error: ErrorResponse): string {
  return error.codes?.length ? `Error: ${error.codes.join(", ")}.` : `Error ${error.status}.`;
}

function responseObject(description: string, body: ResponseBody | ResponseBody[] | null, headers: ResponseHeaders | undefined): Record<string, unknown> {
  const bodies = body === null ? [] : Array.isArray(body) ? body : [body];
  return {
    description,
    ...(headers && { headers }),
    ...(bodies.length > 0 && { content: Object.fromEntries(bodies.map((b) => [b.contentType, b.schema === undefined ? {} : { schema: b.schema }])) }),
  };
}

/**
 * Operations whose paths differ only in their parameters' names (`/checks/:uuid` and
 * `/checks/:unique_key`, Zulip's `/users/:user_id` and `/users/:email`), which a server can
 * tell apart by their values but OpenAPI counts as one path: every operation of such a
 * group gets one template, whose parameters are named after all the names they stand for
 * (`/checks/{uuid_or_unique_key}`), and two operations of one method become one, its path
 * parameters taking any of the values each took (`anyOf`). The first of them names the
 * merged operation and gives its summary; the others' summaries join its description, and
 * their parameters and responses are added to its own (an error status's codes merged).
 */
export function mergeSamePaths(operations: ApiOperation[]): ApiOperation[] {
  const shapeOf = (operation: ApiOperation) => openApiPath(operation.path).replace(/\{[^}]+\}/g, "{}");
  const groups = new Map<string, ApiOperation[]>();
  for (const operation of operations) groups.set(shapeOf(operation), [...(groups.get(shapeOf(operation)) ?? []), operation]);
  const names = new Map([...groups].map(([shape, group]) => [shape, mergedNames(group)]));

  // In the order given: an operation merges into the first of its method and shape.
  const merged = new Map<string, ApiOperation>();
  for (const operation of operations) {
    const shape = shapeOf(operation);
    const renamed = renamePathParameters(operation, names.get(shape)!);
    const key = `${operation.method} ${shape}`;
    const first = merged.get(key);
    merged.set(key, first ? mergeTwo(first, renamed) : renamed);
  }
  return [...merged.values()];
}

/** For each template position, the names the group's paths give it, joined with `_or_`. */
function mergedNames(group: ApiOperation[]): string[] {
  const positions: string[][] = [];
  for (const operation of group) {
    pathTemplateNames(openApiPath(operation.path)).forEach((name, i) => {
      positions[i] ??= [];
      if (!positions[i].includes(name)) positions[i].push(name);
    });
  }
  return positions.map((names) => names.join("_or_"));
}

function renamePathParameters(operation: ApiOperation, names: string[]): ApiOperation {
  const own = pathTemplateNames(openApiPath(operation.path));
  const renamed = new Map(own.map((name, i) => [name, names[i]]));
  if (own.every((name) => renamed.get(name) === name)) return operation;
  let i = 0;
  const path = openApiPath(operation.path).replace(/\{[^}]+\}/g, () => `:${names[i++]}`);
  const parameters = operation.parameters?.map((p) => (p.in === "path" ? { ...p, name: renamed.get(p.name) ?? p.name } : p));
  return { ...operation, path, parameters };
}

function mergeTwo(first: ApiOperation, other: ApiOperation): ApiOperation {
  const parameters = [...(first.parameters ?? [])];
  for (const parameter of other.parameters ?? []) {
    const index = parameters.findIndex((p) => p.in === parameter.in && p.name === parameter.name);
    if (index === -1) parameters.push(parameter);
    else if (parameter.in === "path") parameters[index] = eitherParameter(parameters[index], parameter);
  }
  const errors = [...(first.errors ?? [])];
  for (const error of other.errors ?? []) {
    const index = errors.findIndex((e) => e.status === error.status);
    if (index === -1) errors.push(error);
    else if (error.codes) errors[index] = { ...errors[index], codes: [...new Set([...(errors[index].codes ?? []), ...error.codes])] };
  }
  const also = other.summary ?? other.operationId;
  return { ...first, parameters, errors, description: [first.description, `Also: ${also}.`].filter(Boolean).join("\n\n") };
}

function eitherParameter(a: ApiParameter, b: ApiParameter): ApiParameter {
  if (JSON.stringify(a.schema) === JSON.stringify(b.schema)) return a;
  const alternatives = (s: JsonSchema) => (typeof s === "object" && Array.isArray(s.anyOf) && Object.keys(s).length === 1 ? (s.anyOf as JsonSchema[]) : [s]);
  const description = [a.description, b.description].filter(Boolean).join(" Or: ");
  return { ...a, schema: { anyOf: [...alternatives(a.schema), ...alternatives(b.schema)] }, ...(description && { description }) };
}
