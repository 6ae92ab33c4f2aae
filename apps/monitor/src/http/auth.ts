// API-key authentication in the upstream's order: parse the body (POST only), check
// the key's length, then look it up. So malformed JSON without a key is a 400, not 401.
import type { MonitorDeps } from "../deps.js";
import { API_KEY_LENGTH, hashApiKey } from "../lib/keys.js";
import { isPyObject, parsePyJson, pyStr, type PyJson } from "../lib/pyjson.js";
import { findProjectByKeyHash } from "../store/projects.js";
import type { Project } from "../store/schema.js";
import { halt, jsonError } from "./responses.js";
import type { ApiRequest } from "./router.js";

export type JsonObject = { [key: string]: PyJson };

export interface WriteAuth {
  project: Project;
  body: JsonObject;
}

export interface ReadAuth {
  project: Project;
  readOnly: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function parseBody(req: ApiRequest): JsonObject {
  if (req.method !== "POST" || req.body.length === 0) return {};
  let parsed: PyJson;
  try {
    parsed = parsePyJson(utf8.decode(req.body));
  } catch {
    halt(jsonError(400, "could not parse request body"));
  }
  if (!isPyObject(parsed)) halt(jsonError(400, "json validation error: value is not an object"));
  return parsed;
}

/** The X-Api-Key header's value (the first, if sent twice). */
function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function headerKey(req: ApiRequest): string | undefined {
  return firstValue(req.raw.headers["x-api-key"]);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** In code points, as Python counts a str (a key is 32 ASCII characters). */
function keyLength(key: string): number {
  return SURROGATE.test(key) ? [...key].length : key.length;
}

/** For endpoints that change things: read-write key, from the header or the JSON body. */
export async function authorizeWrite(deps: MonitorDeps, req: ApiRequest): Promise<WriteAuth> {
  const body = parseBody(req);
  const key = headerKey(req) ?? ("api_key" in body ? pyStr(body.api_key) : "");
  if (keyLength(key) !== API_KEY_LENGTH) halt(jsonError(401, "missing api key"));
  const project = await findProjectByKeyHash(deps.db, hashApiKey(key), "api_key_hash");
  if (!project) halt(jsonError(401, "wrong api key"));
  return { project, body };
}

/** The hash of a read's key (the header only), or undefined when it cannot be a key. */
export function readKeyHash(req: ApiRequest): string | undefined {
  return headerKeyHash(req.raw.headers["x-api-key"]);
}

/** readKeyHash from the X-Api-Key header's value itself (the read fast path has no ApiRequest). */
export function headerKeyHash(value: string | string[] | undefined): string | undefined {
  const key = firstValue(value) ?? "";
  return keyLength(key) === API_KEY_LENGTH ? hashApiKey(key) : undefined;
}

/** For endpoints that only read: either key, from the header only. */
export async function authorizeRead(deps: MonitorDeps, req: ApiRequest, hash = readKeyHash(req)): Promise<ReadAuth> {
  if (hash === undefined) halt(jsonError(401, "missing api key"));
  const project = await findProjectByKeyHash(deps.db, hash, "api_key_hash");
  if (project) return { project, readOnly: false };
  const readOnlyProject = await findProjectByKeyHash(deps.db, hash, "api_key_readonly_hash");
  if (!readOnlyProject) halt(jsonError(401, "wrong api key"));
  return { project: readOnlyProject, readOnly: true };
}
